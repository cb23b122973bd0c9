import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import type { FormEvent } from 'react';
import { Message } from '@tarmac/react';
import type { UsChoices, UsOptOuts } from './usChoices';

const OPT_OUTS = [
  ['saleOptOut', 'privacyChoices.sale'],
  ['sharingOptOut', 'privacyChoices.sharing'],
  ['targetedAdvertisingOptOut', 'privacyChoices.targeted'],
] as const;

/**
 * "Your Privacy Choices": a modal dialog (the native `<dialog>`: focus moves in and is kept there,
 * Escape closes it, focus returns to the link) where a US visitor opts out of the sale and the
 * sharing of their personal data and of targeted advertising. It starts from the stored choice;
 * while the browser sends Global Privacy Control every opt-out is on and stays on.
 */
export default function PrivacyChoicesDialog({ choices, onClose }: { choices: UsChoices; onClose: () => void }) {
  const stored = useSyncExternalStore(choices.subscribe, choices.current);
  // Only while GPC is sent: a choice once stored with GPC can be changed after the signal is off.
  const gpc = choices.gpcSignal;
  const [optOuts, setOptOuts] = useState<UsOptOuts>(() => ({
    saleOptOut: gpc || stored.saleOptOut,
    sharingOptOut: gpc || stored.sharingOptOut,
    targetedAdvertisingOptOut: gpc || stored.targetedAdvertisingOptOut,
  }));
  const [state, setState] = useState<'idle' | 'saving' | 'failed'>('idle');
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const introId = useId();

  useEffect(() => {
    const element = dialog.current;
    // No close on unmount: a removed dialog leaves the top layer by itself, and a close here would
    // fire `close` (so onClose) in StrictMode's remount.
    if (element && !element.open) element.showModal();
  }, []);

  async function save(event: FormEvent) {
    event.preventDefault();
    setState('saving');
    try {
      await choices.save(optOuts);
      dialog.current?.close();
    } catch {
      setState('failed');
    }
  }

  return (
    <dialog ref={dialog} className="privacy-choices" aria-labelledby={titleId} aria-describedby={introId} onClose={onClose} data-testid="privacy-choices-dialog">
      <form onSubmit={save}>
        <h2 id={titleId} className="privacy-choices__title">
          <Message id="privacyChoices.title" />
        </h2>
        <p id={introId}>
          <Message id="privacyChoices.intro" />
        </p>
        {gpc ? (
          <p className="privacy-choices__gpc" data-testid="privacy-choices-gpc">
            <Message id="privacyChoices.gpc" />
          </p>
        ) : null}
        <fieldset className="privacy-choices__options">
          <legend>
            <Message id="privacyChoices.legend" />
          </legend>
          {OPT_OUTS.map(([key, label]) => (
            <label key={key} className="privacy-choices__toggle">
              <input
                type="checkbox"
                checked={optOuts[key]}
                disabled={gpc || state === 'saving'}
                onChange={() => setOptOuts((current) => ({ ...current, [key]: !current[key] }))}
                data-testid={`privacy-choices-${key}`}
              />
              <span>
                <Message id={label} />
              </span>
            </label>
          ))}
        </fieldset>
        <p>
          <a href="#privacy">
            <Message id="privacyChoices.notice" />
          </a>
        </p>
        {state === 'failed' ? (
          <p role="alert" className="privacy-choices__error">
            <Message id="privacyChoices.error" />
          </p>
        ) : null}
        <div className="privacy-choices__actions">
          <button type="button" onClick={() => dialog.current?.close()} data-testid="privacy-choices-cancel">
            <Message id="privacyChoices.cancel" />
          </button>
          <button type="submit" className="privacy-choices__primary" disabled={state === 'saving'} data-testid="privacy-choices-save">
            <Message id="privacyChoices.save" />
          </button>
        </div>
      </form>
    </dialog>
  );
}
