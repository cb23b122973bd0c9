import type { Database } from 'better-sqlite3';
import type { StoredDropReport } from '../../drops/contract.js';
import type { LogGroupDetail, LogGroupList } from '../../logs/contract.js';
import type { ClientLogInsert, LogGroupFilter, LogIngest, LogQuery, NewClientLog } from '../../logs/ports.js';
import type { GroupCommit } from './groupCommit.js';
import type { GroupRow, OccurrenceRow } from './logRows.js';
import { parseStack, toLogGroup, toLogOccurrence } from './logRows.js';

/** How many occurrences a group keeps, so one noisy error cannot fill the disk. */
export const OCCURRENCES_KEPT_PER_GROUP = 200;
/** How many occurrences the console's detail view shows. */
const OCCURRENCES_SHOWN = 50;
const HOUR = 3_600_000;
/**
 * How long a counted message id is remembered: far longer than any client retries a batch or a
 * queue redelivers one (the raw-data retention of DESIGN.md).
 */
const MESSAGE_IDS_KEPT_MS = 30 * 24 * HOUR;

/** What the log store is built with besides the connection and its group commit. */
export interface SqliteLogsOptions {
  /** Occurrences kept per group; defaults to {@link OCCURRENCES_KEPT_PER_GROUP}. */
  keepPerGroup?: number;
  /**
   * Runs inside the insert transaction once per group of a batch, with that group's newly
   * counted occurrences (not retried deliveries): the release and workflow bookkeeping of releases.ts.
   */
  onCounted?: (records: NewClientLog[]) => void;
  /** Stores the batch's drop report in the same transaction (drops.ts). */
  writeDrop: (report: StoredDropReport) => void;
}

/**
 * Client logs on SQLite; statements are prepared once, here. `write` stores a batch and its drop
 * report in one transaction, which nests as a savepoint in `writeBatch`'s; the ingest port runs
 * it through the group commit on its own.
 */
export function createSqliteLogs(
  db: Database,
  writes: GroupCommit,
  { keepPerGroup = OCCURRENCES_KEPT_PER_GROUP, onCounted = () => {}, writeDrop }: SqliteLogsOptions,
): { write(batch: ClientLogInsert): void; ingest: LogIngest; query: Omit<LogQuery, 'occurrenceBuckets'> } {
  const insertGroup = db.prepare(`
    INSERT INTO log_groups (group_id, product, level, type, message, file_name, line_no, col_no,
                            count, first_seen, last_seen, stack)
    VALUES (@groupId, @product, @level, @type, @message, @fileName, @lineNo, @colNo,
            0, @receivedAt, @receivedAt, @stack)
    ON CONFLICT (group_id) DO NOTHING`);
  // One statement checks and remembers an id (migration 13): a change means it is new.
  const remember = db.prepare(`
    INSERT INTO log_message_ids (group_id, message_id, received_at) VALUES (?, ?, ?)
    ON CONFLICT (group_id, message_id) DO NOTHING`);
  // Ids older than any retry or redelivery. One still in the ring may go: the ring has no
  // index on message ids (migration 14), and a retry 30 days late is not worth one.
  const forget = db.prepare('DELETE FROM log_message_ids WHERE received_at < ?');
  let forgotAt = -Infinity;
  // Counts a batch's new occurrences of one group and hands out their places in the group's ring.
  const countOccurrences = db.prepare(`
    UPDATE log_groups
       SET count = count + @occurrences,
           last_seen = max(last_seen, @receivedAt),
           stack = coalesce(@stack, stack),
           next_seq = next_seq + @n
     WHERE group_id = @groupId
    RETURNING next_seq - @n`).pluck();
  const putOccurrence = db.prepare(`
    INSERT INTO log_occurrences (group_id, slot, seq, message_id, received_at, occurrences, url,
                                 user_agent, extra_args, context)
    VALUES (@groupId, @seq % @keep, @seq, @messageId, @receivedAt, @occurrences, @url, @userAgent,
            @extraArgs, @context)
    ON CONFLICT (group_id, slot) DO UPDATE
       SET seq = excluded.seq, message_id = excluded.message_id, received_at = excluded.received_at,
           occurrences = excluded.occurrences, url = excluded.url, user_agent = excluded.user_agent,
           extra_args = excluded.extra_args, context = excluded.context`);
  const addIgnored = db.prepare(`
    INSERT INTO counters (name, value) VALUES ('log_ignored', @n)
    ON CONFLICT (name) DO UPDATE SET value = value + excluded.value`);
  const readIgnored = db.prepare(`SELECT value FROM counters WHERE name = 'log_ignored'`).pluck();
  // Nullable parameters keep one prepared statement for every combination of filters.
  const listGroups = db.prepare(`
    SELECT * FROM log_groups
     WHERE (@level IS NULL OR level >= @level)
       AND (@product IS NULL OR product = @product)
       AND (@q IS NULL OR instr(fold(message), @q) > 0 OR instr(fold(coalesce(file_name, '')), @q) > 0)
     ORDER BY last_seen DESC, group_id
     LIMIT @limit`);
  const listProducts = db.prepare('SELECT DISTINCT product FROM log_groups ORDER BY product').pluck();
  const getGroup = db.prepare('SELECT * FROM log_groups WHERE group_id = ?');
  const newestOccurrences = db.prepare(
    'SELECT * FROM log_occurrences WHERE group_id = ? ORDER BY seq DESC LIMIT ?',
  );

  // One group's new occurrences of a batch: one row update for all of them, then one ring slot each.
  const storeGroup = (records: NewClientLog[]): void => {
    const first = records[0] as NewClientLog;
    // The group keeps the newest non-empty stack, as it would message by message.
    const withStack = [...records].reverse().find((r) => r.stackTrace.length > 0 || r.parsedStackTrace.length > 0);
    const counted = {
      groupId: first.groupId,
      occurrences: records.reduce((sum, r) => sum + r.occurrences, 0),
      receivedAt: Math.max(...records.map((r) => r.receivedAt)),
      stack: withStack ? stackOf(withStack) : null,
      n: records.length,
    };
    // Most batches are of groups seen before: count first, and create the group only when
    // there was none to count (an INSERT … DO NOTHING per group per batch cost more than this).
    let seq = countOccurrences.get(counted) as number | undefined;
    if (seq === undefined) {
      insertGroup.run({ ...pickGroup(first), stack: stackOf(first) });
      seq = countOccurrences.get(counted) as number;
    }
    for (const record of records) {
      putOccurrence.run({
        groupId: record.groupId,
        seq: seq++,
        keep: keepPerGroup,
        messageId: record.messageId,
        receivedAt: record.receivedAt,
        occurrences: record.occurrences,
        url: record.url,
        userAgent: record.userAgent,
        extraArgs: JSON.stringify(record.extraArgs),
        context: JSON.stringify(record.context),
      });
    }
    onCounted(records);
  };

  // A body's drop report is stored with its records or not at all.
  const write = db.transaction((batch: ClientLogInsert) => {
    // A message id seen before (in an earlier batch, or earlier in this one) is a retried
    // delivery: counting it again would inflate the group.
    const fresh = new Map<string, NewClientLog[]>();
    for (const record of batch.records) {
      if (remember.run(record.groupId, record.messageId, record.receivedAt).changes === 0) continue;
      const group = fresh.get(record.groupId);
      if (group) group.push(record);
      else fresh.set(record.groupId, [record]);
    }
    for (const records of fresh.values()) storeGroup(records);
    const newest = Math.max(0, ...batch.records.map((r) => r.receivedAt));
    if (newest - forgotAt >= HOUR) {
      forget.run(newest - MESSAGE_IDS_KEPT_MS);
      forgotAt = newest;
    }
    if (batch.ignored > 0) addIgnored.run({ n: batch.ignored });
    if (batch.dropped) writeDrop(batch.dropped);
  });

  return {
    write,
    ingest: {
      insertClientLogs: (batch) => writes.run(() => write(batch)),
    },
    query: {
      async listLogGroups(filter: LogGroupFilter): Promise<LogGroupList> {
        const rows = listGroups.all({
          level: filter.level ?? null,
          product: filter.product ?? null,
          q: filter.q ? filter.q.toLowerCase() : null,
          limit: filter.limit,
        }) as GroupRow[];
        return {
          groups: rows.map(toLogGroup),
          products: listProducts.all() as string[],
          ignored: (readIgnored.get() as number | undefined) ?? 0,
        };
      },
      async getLogGroup(groupId: string): Promise<LogGroupDetail | null> {
        const row = getGroup.get(groupId) as GroupRow | undefined;
        if (!row) return null;
        const occurrences = newestOccurrences.all(groupId, OCCURRENCES_SHOWN) as OccurrenceRow[];
        return { group: toLogGroup(row), ...parseStack(row.stack), occurrences: occurrences.map(toLogOccurrence) };
      },
    },
  };
}

const stackOf = (record: NewClientLog): string =>
  JSON.stringify({ stackTrace: record.stackTrace, parsedStackTrace: record.parsedStackTrace });

function pickGroup(record: NewClientLog) {
  return {
    groupId: record.groupId,
    product: record.product,
    level: record.level,
    type: record.type,
    message: record.message,
    fileName: record.fileName,
    lineNo: record.lineNo,
    colNo: record.colNo,
    receivedAt: record.receivedAt,
  };
}
