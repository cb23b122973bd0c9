import type { StackFrame } from '../../logs/contract.js';
import type { IssueGroup, ReleaseSummary, ResolvedStack, StoredGroupStack } from '../../releases/contract.js';
import type { IssueStateColumns } from '../rows/issues.js';
import { toGroupState } from '../rows/issues.js';
import type { GroupRow } from './logs.js';
import { GROUP_COLUMNS, toLogGroup } from './logs.js';

/**
 * A log group with its state, as the issue queries select it; `$1` is now. The status is computed
 * in SQL (`status_now`), so that an ignore whose time is up reads as unresolved to filters too.
 * The outer query's rows are aliased `i`.
 */
export const ISSUE_SELECT = `
  WITH issues AS (
    SELECT g.*,
           CASE WHEN s.status IS NULL THEN 'unresolved'
                WHEN s.status = 'ignored' AND s.ignore_until IS NOT NULL AND s.ignore_until <= $1::bigint THEN 'unresolved'
                ELSE s.status END AS status_now,
           s.status_changed_at, s.resolved_release, s.regressed_release, s.ignore_left, s.ignore_until
      FROM log_groups g LEFT JOIN log_group_state s ON s.group_id = g.group_id
  )
  SELECT ${GROUP_COLUMNS}, status_now, status_changed_at, resolved_release, regressed_release, ignore_left, ignore_until,
         (SELECT gr.release FROM log_group_releases gr JOIN releases r ON r.name = gr.release
           WHERE gr.group_id = i.group_id ORDER BY r.seq LIMIT 1) AS first_release,
         (SELECT gr.release FROM log_group_releases gr JOIN releases r ON r.name = gr.release
           WHERE gr.group_id = i.group_id ORDER BY r.seq DESC LIMIT 1) AS last_release
    FROM issues i`;

/** A row of {@link ISSUE_SELECT}. */
export interface IssueRow extends GroupRow, IssueStateColumns {}

export { toGroupState };

/** A log group and its state, as the console lists it. */
export function toIssueGroup(row: IssueRow): IssueGroup {
  const { groupId, product, level, type, message, fileName, lineNo, colNo, count, firstSeen, lastSeen, exact } = row;
  const group = toLogGroup({ groupId, product, level, type, message, fileName, lineNo, colNo, count, firstSeen, lastSeen, exact });
  return { ...group, ...toGroupState(row) };
}

/** The columns of a `log_group_stacks` row as {@link toStoredStack} reads them. */
export const STACK_COLUMNS = 's.group_id, s.release, s.stack, s.resolved, s.resolved_at';

/** A `log_group_stacks` row (its JSON columns arrive parsed). */
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

/**
 * One line of the Releases view per release (`r`). A release's last sighting is the newest of its
 * own row (maps uploaded) and its groups' occurrences, which ingest keeps per group (003-releases).
 */
export const RELEASE_SUMMARY = `
  SELECT r.name AS release, r.first_seen AS "firstSeen",
         greatest(r.last_seen, (SELECT max(last_seen) FROM log_group_releases WHERE release = r.name)) AS "lastSeen",
         coalesce((SELECT sum(count) FROM log_group_releases WHERE release = r.name), 0) AS occurrences,
         (SELECT count(*) FROM log_group_releases WHERE release = r.name) AS groups,
         (SELECT count(DISTINCT group_id) FROM log_group_events WHERE release = r.name AND kind = 'new') AS "newGroups",
         (SELECT count(DISTINCT group_id) FROM log_group_events WHERE release = r.name AND kind = 'regressed') AS "regressedGroups",
         (SELECT count(*) FROM release_artifacts WHERE release = r.name) AS artifacts
    FROM releases r`;

/** A row of {@link RELEASE_SUMMARY} is the contract's summary as it is. */
export type ReleaseRow = ReleaseSummary;
