import type { StackFrame } from '../../logs/contract.js';
import type { IssueGroup, ResolvedStack, StoredGroupStack } from '../../issues/contract.js';
import type { ReleaseSummary } from '../../releases/contract.js';
import type { IssueStateColumns, StackRow } from '../rows/issues.js';
import { issueSelect, toGroupState, toStoredStack } from '../rows/issues.js';
import type { GroupRow } from './logRows.js';
import { toLogGroup } from './logRows.js';

/** A log group with its state (rows/issues.ts), `@now` being now; the outer query's rows are aliased `i`. */
export const ISSUE_SELECT = issueSelect('@now', 'i.*');

/** A row of {@link ISSUE_SELECT}. */
export interface IssueRow extends GroupRow, IssueStateColumns {}

/** A log group and its state, as the console lists it. */
export const toIssueGroup = (row: IssueRow): IssueGroup => ({ ...toLogGroup(row), ...toGroupState(row) });

/** A `log_group_stacks` row as SQLite hands it back, its JSON columns as text. */
export type StoredStackRow = Omit<StackRow, 'stack' | 'resolved'> & { stack: string; resolved: string | null };

/** The stored stack, its JSON decoded (rows/issues.ts). */
export const toStoredStackOf = (row: StoredStackRow): StoredGroupStack =>
  toStoredStack({
    ...row,
    stack: JSON.parse(row.stack) as StackFrame[],
    resolved: row.resolved === null ? null : (JSON.parse(row.resolved) as ResolvedStack),
  });

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
