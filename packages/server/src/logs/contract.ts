/**
 * Types of the client-log wire contract (docs/client-logs.md). They live in one file so the
 * ingest route, the storage layer and the console API cannot drift apart.
 */

/** One frame of a parsed stack, as the browser logger sends it. */
export interface StackFrame {
  functionName?: string;
  fileName: string;
  lineNo: number;
  colNo: number;
}

/** Scalar values the logger allows in a message's context. */
export type ContextValue = string | number | boolean;

/** One message of a batch, after schema validation (so every limit already holds). */
export interface ClientLogMessage {
  id: string;
  groupId: string;
  message: string;
  contentId: number;
  extraArgs: string[];
  level: 1 | 2 | 3 | 4;
  type: string;
  context: Record<string, ContextValue>;
  occurrences: number;
  timestamp: number;
  stackTrace: string[];
  parsedStackTrace: StackFrame[];
  fileName?: string;
  lineNo?: number;
  colNo?: number;
}

/** The body of `POST /log/client/messages`. */
export interface ClientLogBatch {
  product: string;
  reqNo: number;
  messages: ClientLogMessage[];
}

/** An operator rule hiding messages; every field present must match, no field matches nothing. */
export interface IgnoreRule {
  message?: string;
  fileName?: string;
  level?: number;
}

/** A rule hiding messages only in browsers whose user agent contains `userAgent`. */
export interface PlatformIgnoreRule {
  userAgent: string;
  message?: string;
}

/** What the ingest endpoint answers, and what the operator edits in the console. */
export interface ClientLogReply {
  message?: string;
  ignore?: IgnoreRule[];
  platformIgnores?: PlatformIgnoreRule[];
  stopLogging?: boolean;
}

/** A group of messages judged to be the same problem, as the console lists it. */
export interface LogGroup {
  groupId: string;
  product: string;
  level: number;
  type: string;
  message: string;
  fileName: string | null;
  lineNo: number | null;
  colNo: number | null;
  count: number;
  firstSeen: number;
  lastSeen: number;
}

/** One stored delivery of a group's message (possibly several occurrences folded into one). */
export interface LogOccurrence {
  id: string;
  receivedAt: number;
  occurrences: number;
  url: string | null;
  userAgent: string | null;
  extraArgs: string[];
  context: Record<string, ContextValue>;
}

/** The console's detail view of one group. */
export interface LogGroupDetail {
  group: LogGroup;
  stackTrace: string[];
  parsedStackTrace: StackFrame[];
  occurrences: LogOccurrence[];
}
