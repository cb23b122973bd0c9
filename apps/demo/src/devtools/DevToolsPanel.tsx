import { useState } from 'react';
import { ComponentErrorBoundary, Message, useLogger } from '@tarmac/react';
import { useText } from '../locale/useText';
import { BrokenWidget } from './BrokenWidget';
import { blockMainThread, withOffenders } from './perfOffenders';
import { logErrorWithEmail, rejectPromise, throwUncaughtError } from './triggers';

/**
 * Buttons that make the platform's error paths happen on demand, so anyone can watch a
 * report travel from this page to the operations console.
 */
export function DevToolsPanel() {
  const logger = useLogger();
  const text = useText();
  const [last, setLast] = useState<string>();
  const [open, setOpen] = useState(true);
  // Bumped per click: a fresh boundary fails again, while the logger still hears of it once.
  const [breaks, setBreaks] = useState(0);

  const actions: { id: string; label: string; run(): void; elementId?: string }[] = [
    { id: 'throw-error', label: text('devtools.throwError'), run: () => throwUncaughtError() },
    { id: 'reject-promise', label: text('devtools.rejectPromise'), run: rejectPromise },
    { id: 'log-email', label: text('devtools.logEmail'), run: () => logErrorWithEmail(logger) },
    { id: 'break-component', label: text('devtools.breakComponent'), run: () => setBreaks((n) => n + 1) },
    // The INP offender: a handler that holds the main thread, named by the report's INP target.
    // An id, so the report names it `#dev-slow-click` (the others keep their markup as it was).
    { id: 'slow-click', label: text('devtools.slowClick'), run: () => blockMainThread(300), elementId: 'dev-slow-click' },
  ];

  return (
    <aside className="devtools" aria-labelledby="devtools-title">
      <div className="devtools__head">
        <h2 id="devtools-title">
          <Message id="devtools.title" />
        </h2>
        <button
          type="button"
          className="devtools__toggle"
          aria-expanded={open}
          aria-controls="devtools-body"
          onClick={() => setOpen(!open)}
        >
          <Message id="devtools.toggle" values={{ open }} />
        </button>
      </div>
      <div id="devtools-body" className="devtools__body" hidden={!open}>
        <div className="devtools__actions">
          {actions.map((action) => (
            <button
              key={action.id}
              type="button"
              className="button button--ghost"
              id={action.elementId}
              data-testid={action.id}
              onClick={() => {
                action.run();
                setLast(action.label);
              }}
            >
              {action.label}
            </button>
          ))}
        </div>
        <p className="devtools__note">
          <a href={withOffenders()} data-testid="perf-offenders">
            <Message id="devtools.offenders" />
          </a>{' '}
          <Message id="devtools.offendersHint" />
        </p>
        {breaks > 0 ? (
          <ComponentErrorBoundary
            key={breaks}
            name="BrokenWidget"
            fallback={
              <p className="devtools__fallback">
                <Message id="devtools.fallback" />
              </p>
            }
          >
            <BrokenWidget />
          </ComponentErrorBoundary>
        ) : null}
        <p className="devtools__note" aria-live="polite">
          {last ? `${text('devtools.done', { action: last })} ` : ''}
          <a href="/console/">
            <Message id="devtools.console" />
          </a>
        </p>
      </div>
    </aside>
  );
}
