import type { GroupState, GroupStatus } from '../../releases/contract.js';

/**
 * The state columns of an issue row, as both engines' issue queries select them (the status
 * worked out in SQL as `status_now`): one shape and one reading of it, whatever the engine.
 */
export interface IssueStateColumns {
  status_now: GroupStatus;
  status_changed_at: number | null;
  resolved_release: string | null;
  regressed_release: string | null;
  ignore_left: number | null;
  ignore_until: number | null;
  first_release: string | null;
  last_release: string | null;
}

/** The state half of an issue row; ignore limits only while the group is still ignored. */
export function toGroupState(row: IssueStateColumns): GroupState {
  const ignored = row.status_now === 'ignored';
  return {
    status: row.status_now,
    firstRelease: row.first_release,
    lastRelease: row.last_release,
    resolvedInRelease: row.status_now === 'resolved' ? row.resolved_release : null,
    statusChangedAt: row.status_changed_at,
    regressedInRelease: row.status_now === 'regressed' ? row.regressed_release : null,
    ignoreOccurrencesLeft: ignored ? row.ignore_left : null,
    ignoreUntil: ignored ? row.ignore_until : null,
  };
}
