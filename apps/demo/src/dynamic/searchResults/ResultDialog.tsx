import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useText } from '../../locale/useText';

interface ResultDialogProps {
  title: ReactNode;
  children: ReactNode;
  onSelect(): void;
  onClose(): void;
}

/**
 * The detail panel of a result: a modal `<dialog>`, so the browser moves focus into it, keeps
 * the page behind it inert and closes it on Escape; a click on the backdrop closes it too. The
 * caller puts focus back on the card that opened it when `onClose` is called.
 */
export function ResultDialog({ title, children, onSelect, onClose }: ResultDialogProps) {
  const text = useText();
  const ref = useRef<HTMLDialogElement>(null);
  const [selected, setSelected] = useState(false);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      className="result-dialog"
      aria-labelledby="result-dialog-title"
      data-testid="result-dialog"
      onClose={onClose}
      onClick={(event) => event.target === event.currentTarget && ref.current?.close()}
    >
      <div className="result-dialog__inner">
        <div className="result-dialog__head">
          <h2 id="result-dialog-title" className="result-dialog__title">
            {title}
          </h2>
          <button type="button" className="result-dialog__close" aria-label={text('results.close')} onClick={() => ref.current?.close()}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              <path fill="currentColor" d="M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6 10.6 12 5 6.4z" />
            </svg>
          </button>
        </div>
        <div className="result-dialog__body">{children}</div>
        <div className="result-dialog__actions">
          {selected ? (
            <p className="result-dialog__note" role="status">
              {text('results.selected')}
            </p>
          ) : null}
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              setSelected(true);
              onSelect();
            }}
          >
            {text('results.select')}
          </button>
        </div>
      </div>
    </dialog>
  );
}
