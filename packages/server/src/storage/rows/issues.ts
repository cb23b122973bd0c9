import type { StackFrame } from '../../logs/contract.js';
import type { GroupState, GroupStatus, ResolvedStack, StoredGroupStack } from '../../issues/contract.js';

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

/**
 * A log group with its state, as both engines' issue queries select it: `now` is the engine's
 * parameter for the current time, `columns` what it selects of each row (aliased `i`, with the
 * state columns). The status is computed in SQL (`status_now`), so that an ignore whose time is
 * up reads as unresolved to filters too.
 */
export const issueSelect = (now: string, columns: string) => `
  WITH issues AS (
    SELECT g.*,
           CASE WHEN s.status IS NULL THEN 'unresolved'
                WHEN s.status = 'ignored' AND s.ignore_until IS NOT NULL AND s.ignore_until <= ${now} THEN 'unresolved'
                ELSE s.status END AS status_now,
           s.status_changed_at, s.resolved_release, s.regressed_release, s.ignore_left, s.ignore_until
      FROM log_groups g LEFT JOIN log_group_state s ON s.group_id = g.group_id
  )
  SELECT ${columns},
         (SELECT gr.release FROM log_group_releases gr JOIN releases r ON r.name = gr.release
           WHERE gr.group_id = i.group_id ORDER BY r.seq LIMIT 1) AS first_release,
         (SELECT gr.release FROM log_group_releases gr JOIN releases r ON r.name = gr.release
           WHERE gr.group_id = i.group_id ORDER BY r.seq DESC LIMIT 1) AS last_release
    FROM issues i`;

/** A `log_group_stacks` row, its JSON columns decoded. */
export interface StackRow {
  group_id: string;
  release: string;
  stack: StackFrame[];
  resolved: ResolvedStack | null;
  resolved_at: number | null;
}

/** The stored stack; the empty release ('' in the key column) is "no release". */
export const toStoredStack = (row: StackRow): StoredGroupStack => ({
  groupId: row.group_id,
  release: row.release === '' ? null : row.release,
  parsedStackTrace: row.stack,
  resolved: row.resolved,
  resolvedAt: row.resolved_at,
});
