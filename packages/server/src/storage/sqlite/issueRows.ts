import type { StackFrame } from '../../logs/contract.js';
import type {
  IssueGroup,
  ReleaseSummary,
  ResolvedStack,
  StoredGroupStack,
} from '../../releases/contract.js';
import type { IssueStateColumns } from '../rows/issues.js';
import { toGroupState } from '../rows/issues.js';
import type { GroupRow } from './logRows.js';
import { toLogGroup } from './logRows.js';

/**
 * A log group with its state, as the issue queries select it. The status is computed in SQL
 * (`status_now`), so that an ignore whose time is up reads as unresolved to filters too.
 */
export const ISSUE_SELECT = `
  WITH issues AS (
    SELECT g.*,
           CASE WHEN s.status IS NULL THEN 'unresolved'
                WHEN s.status = 'ignored' AND s.ignore_until IS NOT NULL AND s.ignore_until <= @now THEN 'unresolved'
                ELSE s.status END AS status_now,
           s.status_changed_at, s.resolved_release, s.regressed_release, s.ignore_left, s.ignore_until
      FROM log_groups g LEFT JOIN log_group_state s ON s.group_id = g.group_id
  )
  SELECT i.*,
         (SELECT gr.release FROM log_group_releases gr JOIN releases r ON r.name = gr.release
           WHERE gr.group_id = i.group_id ORDER BY r.seq LIMIT 1) AS first_release,
         (SELECT gr.release FROM log_group_releases gr JOIN releases r ON r.name = gr.release
           WHERE gr.group_id = i.group_id ORDER BY r.seq DESC LIMIT 1) AS last_release
    FROM issues i`;

/** A row of {@link ISSUE_SELECT}. */
export interface IssueRow extends GroupRow, IssueStateColumns {}

export { toGroupState };

/** A log group and its state, as the console lists it. */
export const toIssueGroup = (row: IssueRow): IssueGroup => ({ ...toLogGroup(row), ...toGroupState(row) });

/** A `log_group_stacks` row. */
export interface StackRow {
  group_id: string;
  release: string;
  stack: string;
  resolved: string | null;
  resolved_at: number | null;
}

/** The stored stack; the empty release ('' in the key column) is "no release". */
export function toStoredStack(row: StackRow): StoredGroupStack {
  return {
    groupId: row.group_id,
    release: row.release === '' ? null : row.release,
    parsedStackTrace: JSON.parse(row.stack) as StackFrame[],
    resolved: row.resolved === null ? null : (JSON.parse(row.resolved) as ResolvedStack),
    resolvedAt: row.resolved_at,
  };
}

/** A row of the release summary query. */
export interface ReleaseRow {
  name: string;
  first_seen: number;
  last_seen: number;
  occurrences: number;
  groups: number;
  new_groups: number;
  regressed_groups: number;
  artifacts: number;
}

export const toReleaseSummary = (row: ReleaseRow): ReleaseSummary => ({
  release: row.name,
  firstSeen: row.first_seen,
  lastSeen: row.last_seen,
  occurrences: row.occurrences,
  groups: row.groups,
  newGroups: row.new_groups,
  regressedGroups: row.regressed_groups,
  artifacts: row.artifacts,
});
