// Shapes of the console API, as docs/client-logs.md defines them. Restated here rather than
// imported from the server so the console bundle never pulls server code.

/** One parsed stack frame. */
export interface StackFrame {
  functionName?: string;
  fileName: string;
  lineNo: number;
  colNo: number;
}

/** All occurrences of "the same problem" (same level, message and location). */
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

/** One received message of a group. */
export interface LogOccurrence {
  id: string;
  receivedAt: number;
  occurrences: number;
  url: string | null;
  userAgent: string | null;
  extraArgs: string[];
  context: Record<string, string | number | boolean>;
}

/** Reply of the group list: the groups plus every product seen, for the filter. */
export interface LogGroupList {
  groups: LogGroup[];
  products: string[];
}

/** Reply of the group detail. */
export interface LogGroupDetail {
  group: LogGroup;
  stackTrace: string[];
  parsedStackTrace: StackFrame[];
  occurrences: LogOccurrence[];
}

/** A rule silencing matching messages; every present field must match. */
export interface IgnoreRule {
  message?: string;
  fileName?: string;
  level?: number;
}

/** A rule silencing messages from browsers whose user agent contains `userAgent`. */
export interface PlatformIgnoreRule {
  userAgent: string;
  message?: string;
}

/** What the log endpoint answers every page: the operator's settings. */
export interface LogSettings {
  message?: string;
  ignore?: IgnoreRule[];
  platformIgnores?: PlatformIgnoreRule[];
  stopLogging?: boolean;
}

/** Filters of the group list; empty values mean "no filter". */
export interface GroupFilter {
  level?: number;
  product?: string;
  q?: string;
  limit?: number;
}
