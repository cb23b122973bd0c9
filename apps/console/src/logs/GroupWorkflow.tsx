import { useState } from 'react';
import type { GroupState, StatusChange } from '@tarmac/server/contracts';
import type { ConsoleClient } from '../api/client';
import { StatusBadge } from './StatusBadge';
import { IGNORE_CHOICES, describeState, setGroupStatus } from './workflow';

interface GroupWorkflowProps {
  client: ConsoleClient;
  groupId: string;
  state: GroupState;
  /** Called after a change is saved, so the detail and the list show it. */
  onChanged(): void;
}

/** Where the group stands, and resolve / ignore / reopen. */
export function GroupWorkflow({ client, groupId, state, onChanged }: GroupWorkflowProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const apply = async (change: StatusChange) => {
    setBusy(true);
    setError(undefined);
    try {
      await setGroupStatus(client, groupId, change);
      onChanged();
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const open = state.status === 'unresolved' || state.status === 'regressed';

  return (
    <div className="workflow" data-testid="group-workflow">
      <p className="workflow__state">
        <StatusBadge status={state.status} /> <span data-testid="group-state">{describeState(state)}</span>
      </p>
      <div className="workflow__actions">
        {state.status !== 'resolved' ? (
          <button type="button" className="btn btn--primary btn--small" disabled={busy} onClick={() => void apply({ status: 'resolved' })}>
            Resolve
          </button>
        ) : null}
        {state.status !== 'ignored' ? (
          <select
            className="workflow__ignore"
            aria-label="Ignore"
            value=""
            disabled={busy}
            onChange={(event) => {
              const choice = IGNORE_CHOICES[Number(event.target.value)];
              if (choice) void apply(choice.change);
            }}
          >
            <option value="" disabled>
              Ignore…
            </option>
            {IGNORE_CHOICES.map((choice, i) => (
              <option key={choice.label} value={i}>
                {choice.label}
              </option>
            ))}
          </select>
        ) : null}
        {!open ? (
          <button type="button" className="btn btn--ghost btn--small" disabled={busy} onClick={() => void apply({ status: 'unresolved' })}>
            Reopen
          </button>
        ) : null}
      </div>
      {error ? <p className="notice notice--error" role="alert">Could not change the state: {error}</p> : null}
    </div>
  );
}
