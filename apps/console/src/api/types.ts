// Shapes of the console API. The server owns them (`@tarmac/server/contracts`, types only, so the
// console bundle never pulls server code); this file names them as the console's code uses them.
import type { ClientLogReply, StatusFilter } from '@tarmac/server/contracts';

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
  PlatformIgnoreRule,
  StackFrame,
} from '@tarmac/server/contracts';

/** What the log endpoint answers every page: the operator's settings, edited here. */
export type LogSettings = ClientLogReply;

/** Filters of the group list; empty values mean "no filter". */
export interface GroupFilter {
  level?: number;
  product?: string;
  q?: string;
  /** The workflow state (docs/releases.md); absent means every state. */
  status?: StatusFilter;
  limit?: number;
}
