/**
 * Types of the client-log contract (docs/client-logs.md): what the browser sends (from the
 * platform logger) and what the console API answers (owned here), so the ingest route, the storage
 * layer, the console and its tests cannot drift apart.
 */

import type { ClientLogMessage, StackFrame } from '@tarmac/platform/logger';

// The browser→server half is owned by the platform logger; it is re-exported here so server code
// has one place to import the whole contract from.
export type {
  ClientLogBatch,
  ClientLogMessage,
  LogRules,
  IgnoreRule,
  PlatformIgnoreRule,
  StackFrame,
} from '@tarmac/platform/logger';

/** Scalar values the logger allows in a message's context. */
export type ContextValue = ClientLogMessage['context'][string];

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

/** `GET /console/api/logs/groups`: the groups, every product seen (for the filter), and the total dropped by rules. */
export interface LogGroupList {
  groups: LogGroup[];
  products: string[];
  ignored: number;
}

/** The console's detail view of one group. */
export interface LogGroupDetail {
  group: LogGroup;
  stackTrace: string[];
  parsedStackTrace: StackFrame[];
  occurrences: LogOccurrence[];
}
