// Shapes of the console API. The server owns them (`@tarmac/server/contracts`, types only, so the
// console bundle never pulls server code); this file names them as the console's code uses them.
import type { StatusFilter } from '@tarmac/server/contracts';

export type {
  IssueDetail,
  IssueGroup,
  IssueGroupList,
  IssueGroupPage,
  IgnoreRule,
  LogGroup,
  LogGroupDetail,
  LogGroupList,
  LogOccurrence,
  LogRules,
  PlatformIgnoreRule,
  StackFrame,
} from '@tarmac/server/contracts';

/** Filters of the group list; empty values mean "no filter". */
export interface GroupFilter {
  level?: number;
  product?: string;
  q?: string;
  /** The workflow state (docs/releases.md); absent means every state. */
  status?: StatusFilter;
  limit?: number;
}
