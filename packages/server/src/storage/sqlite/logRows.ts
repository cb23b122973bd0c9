import type { LogGroup, LogOccurrence, StackFrame } from '../../logs/contract.js';
import type { NewClientLog } from '../../logs/ports.js';

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

/**
 * What a delivery's `items` keeps of one occurrence: the contract's shape itself, the client's
 * message id being the occurrence id, so reading it back is a JSON.parse.
 */
export function toStoredOccurrence(record: NewClientLog): LogOccurrence {
  return {
    id: record.messageId,
    receivedAt: record.receivedAt,
    occurrences: record.occurrences,
    url: record.url,
    userAgent: record.userAgent,
    extraArgs: record.extraArgs,
    context: record.context,
  };
}

/** The newest `limit` occurrences of deliveries read newest first (each one's items oldest first). */
export function newestFirst(deliveries: readonly string[], limit: number): LogOccurrence[] {
  const out: LogOccurrence[] = [];
  for (const items of deliveries) {
    const parsed = JSON.parse(items) as LogOccurrence[];
    for (let i = parsed.length - 1; i >= 0 && out.length < limit; i--) out.push(parsed[i] as LogOccurrence);
    if (out.length >= limit) break;
  }
  return out;
}

/** Reads the stack column, tolerating an empty value from older rows. */
export function parseStack(json: string): StoredStack {
  const parsed = JSON.parse(json) as Partial<StoredStack>;
  return { stackTrace: parsed.stackTrace ?? [], parsedStackTrace: parsed.parsedStackTrace ?? [] };
}
