import type { ContextValue, LogGroup, LogOccurrence, StackFrame } from '../../logs/contract.js';

/** A `log_groups` row as SQLite returns it. */
export interface GroupRow {
  group_id: string;
  product: string;
  level: number;
  type: string;
  message: string;
  file_name: string | null;
  line_no: number | null;
  col_no: number | null;
  count: number;
  first_seen: number;
  last_seen: number;
  stack: string;
}

/** A `log_occurrences` row as SQLite returns it. */
export interface OccurrenceRow {
  message_id: string;
  received_at: number;
  occurrences: number;
  url: string | null;
  user_agent: string | null;
  extra_args: string;
  context: string;
}

/** The JSON kept in `log_groups.stack`: the newest non-empty stack seen for the group. */
export interface StoredStack {
  stackTrace: string[];
  parsedStackTrace: StackFrame[];
}

/** Maps a row to the contract's shape, so column names never leak into the API. */
export function toLogGroup(row: GroupRow): LogGroup {
  return {
    groupId: row.group_id,
    product: row.product,
    level: row.level,
    type: row.type,
    message: row.message,
    fileName: row.file_name,
    lineNo: row.line_no,
    colNo: row.col_no,
    count: row.count,
    firstSeen: row.first_seen,
    lastSeen: row.last_seen,
  };
}

/** Maps a row to the contract's shape; the client's message id is the occurrence id. */
export function toLogOccurrence(row: OccurrenceRow): LogOccurrence {
  return {
    id: row.message_id,
    receivedAt: row.received_at,
    occurrences: row.occurrences,
    url: row.url,
    userAgent: row.user_agent,
    extraArgs: JSON.parse(row.extra_args) as string[],
    context: JSON.parse(row.context) as Record<string, ContextValue>,
  };
}

/** Reads the stack column, tolerating an empty value from older rows. */
export function parseStack(json: string): StoredStack {
  const parsed = JSON.parse(json) as Partial<StoredStack>;
  return { stackTrace: parsed.stackTrace ?? [], parsedStackTrace: parsed.parsedStackTrace ?? [] };
}
