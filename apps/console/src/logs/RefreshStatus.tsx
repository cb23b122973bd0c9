import { useNow } from '../hooks/useNow';

interface RefreshStatusProps {
  updatedAt?: number;
  paused: boolean;
  onTogglePause(): void;
  onRefresh(): void;
}

/** How fresh the list is, with pause/resume of auto-refresh and a manual refresh. */
export function RefreshStatus({ updatedAt, paused, onTogglePause, onRefresh }: RefreshStatusProps) {
  const now = useNow(1000);
  const age = updatedAt === undefined ? undefined : Math.max(0, Math.round((now - updatedAt) / 1000));
  return (
    <div className="refresh">
      <span className="refresh__age" aria-live="off">
        <span className={`dot ${paused ? 'dot--paused' : 'dot--live'}`} aria-hidden="true" />
        {age === undefined ? 'Loading…' : `Updated ${age} s ago`}
        {paused ? ' · paused' : ''}
      </span>
      <button type="button" className="btn btn--ghost btn--small" aria-pressed={paused} onClick={onTogglePause}>
        {paused ? 'Resume' : 'Pause'}
      </button>
      <button type="button" className="btn btn--ghost btn--small" onClick={onRefresh}>
        Refresh
      </button>
    </div>
  );
}
