import type { IssueGroup } from '../../issues/contract.js';
import type { ReleaseSummary } from '../../releases/contract.js';
import type { IssueStateColumns } from '../rows/issues.js';
import { issueSelect, toGroupState } from '../rows/issues.js';
import type { GroupRow } from './logs.js';
import { GROUP_COLUMNS, toLogGroup } from './logs.js';

/** A log group with its state (rows/issues.ts), `$1` being now; the outer query's rows are aliased `i`. */
export const ISSUE_SELECT = issueSelect(
  '$1::bigint',
  `${GROUP_COLUMNS}, status_now, status_changed_at, resolved_release, regressed_release, ignore_left, ignore_until`,
);

/** A row of {@link ISSUE_SELECT}. */
export interface IssueRow extends GroupRow, IssueStateColumns {}

/** A log group and its state, as the console lists it. */
export function toIssueGroup(row: IssueRow): IssueGroup {
  const { groupId, product, level, type, message, fileName, lineNo, colNo, count, firstSeen, lastSeen, exact } = row;
  const group = toLogGroup({ groupId, product, level, type, message, fileName, lineNo, colNo, count, firstSeen, lastSeen, exact });
  return { ...group, ...toGroupState(row) };
}

/** The columns of a `log_group_stacks` row as {@link toStoredStack} reads them. */
export const STACK_COLUMNS = 's.group_id, s.release, s.stack, s.resolved, s.resolved_at';

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
