import { useState } from 'react';
import { ComponentErrorBoundary, useLogger } from '@tarmac/react';
import { BrokenWidget } from './BrokenWidget';
import { logErrorWithEmail, rejectPromise, throwUncaughtError } from './triggers';

/**
 * Buttons that make the platform's error paths happen on demand, so anyone can watch a
 * report travel from this page to the operations console.
 */
export function DevToolsPanel() {
  const logger = useLogger();
  const [last, setLast] = useState<string>();
  const [open, setOpen] = useState(true);
  // Bumped per click: a fresh boundary fails again, while the logger still hears of it once.
  const [breaks, setBreaks] = useState(0);

  const actions = [
    { id: 'throw-error', label: 'Throw an uncaught error', run: () => throwUncaughtError() },
    { id: 'reject-promise', label: 'Reject a promise', run: rejectPromise },
    { id: 'log-email', label: 'Log an error with an e-mail', run: () => logErrorWithEmail(logger) },
    { id: 'break-component', label: 'Break a component', run: () => setBreaks((n) => n + 1) },
  ];

  return (
    <aside className="devtools" aria-labelledby="devtools-title">
      <div className="devtools__head">
        <h2 id="devtools-title">Developer tools</h2>
        <button
          type="button"
          className="devtools__toggle"
          aria-expanded={open}
          aria-controls="devtools-body"
          onClick={() => setOpen(!open)}
        >
          {open ? 'Hide' : 'Show'}
        </button>
      </div>
      <div id="devtools-body" className="devtools__body" hidden={!open}>
        <div className="devtools__actions">
          {actions.map((action) => (
            <button
              key={action.id}
              type="button"
              className="button button--ghost"
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
        {breaks > 0 ? (
          <ComponentErrorBoundary
            key={breaks}
            name="BrokenWidget"
            fallback={<p className="devtools__fallback">A widget failed and was hidden; the error was reported once.</p>}
          >
            <BrokenWidget />
          </ComponentErrorBoundary>
        ) : null}
        <p className="devtools__note" aria-live="polite">
          {last ? `Done: “${last}”. ` : ''}
          Open the <a href="/console/">console</a> to see it arrive.
        </p>
      </div>
    </aside>
  );
}
