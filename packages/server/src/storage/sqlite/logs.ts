import type { Database } from 'better-sqlite3';
import type { StoredDropReport } from '../../drops/contract.js';
import type { LogGroupDetail, LogGroupList } from '../../logs/contract.js';
import type { ClientLogInsert, LogGroupFilter, LogIngest, LogQuery, NewClientLog } from '../../logs/ports.js';
import { OCCURRENCES_SHOWN, RING_ROWS_PER_GROUP } from '../rows/logs.js';
import type { GroupCommit } from './groupCommit.js';
import { createGroupStaging } from './groupStaging.js';
import type { GroupStaging } from './groupStaging.js';
import type { GroupRow } from './logRows.js';
import { newestFirst, parseStack, toLogGroup, toStoredOccurrence } from './logRows.js';

/**
 * How many deliveries (one batch's new occurrences of a group, one ring row) a group keeps: at
 * least this many occurrences when they come one at a time. A delivery keeps at most
 * OCCURRENCES_SHOWN of its batch.
 */
export const DELIVERIES_KEPT_PER_GROUP = RING_ROWS_PER_GROUP;

/** What the log store is built with besides the connection and its group commit. */
export interface SqliteLogsOptions {
  /** Deliveries (ring rows) kept per group; defaults to {@link DELIVERIES_KEPT_PER_GROUP}. */
  keepPerGroup?: number;
  /**
   * Runs inside the insert transaction once per group of a group transaction (or of a write made
   * outside one), with that group's newly counted occurrences (not retried deliveries): the
   * release and workflow bookkeeping of releases.ts and the occurrence rollups.
   */
  onCounted?: (records: NewClientLog[]) => void;
  /** Stores the batch's drop report in the same transaction (drops.ts). */
  writeDrop: (report: StoredDropReport) => void;
}

/**
 * Client logs on SQLite; statements are prepared once, here. `write` remembers a batch's message
 * ids and stores its drop report in one transaction, which nests as a savepoint in `writeBatch`'s;
 * the ingest port runs it through the group commit on its own. Its new occurrences are counted
 * once per group transaction, just before COMMIT (groupStaging.ts): per group one update, one
 * ring row and one round of bookkeeping, however many of the transaction's batches it was in.
 * Calls of `write` run inside `staged`; outside it they count at once.
 */
export function createSqliteLogs(
  db: Database,
  writes: GroupCommit,
  { keepPerGroup = DELIVERIES_KEPT_PER_GROUP, onCounted = () => {}, writeDrop }: SqliteLogsOptions,
): {
  write(batch: ClientLogInsert): void;
  staged: GroupStaging<NewClientLog>['staged'];
  ingest: LogIngest;
  query: Omit<LogQuery, 'occurrenceBuckets'>;
} {
  const insertGroup = db.prepare(`
    INSERT INTO log_groups (group_id, product, level, type, message, file_name, line_no, col_no,
                            count, first_seen, last_seen, stack)
    VALUES (@groupId, @product, @level, @type, @message, @fileName, @lineNo, @colNo,
            0, @receivedAt, @receivedAt, @stack)
    ON CONFLICT (group_id) DO NOTHING`);
  // One statement checks and remembers an id (migration 13): a change means it is new.
  const remember = db.prepare(`
    INSERT INTO log_message_ids (group_id, message_id, received_at) VALUES (?, ?, ?)
    ON CONFLICT (message_id, group_id) DO NOTHING`);
  // Counts a group transaction's new occurrences of one group and hands out the delivery's place in its ring.
  const countOccurrences = db.prepare(`
    UPDATE log_groups
       SET count = count + @occurrences,
           last_seen = max(last_seen, @receivedAt),
           stack = coalesce(@stack, stack),
           next_seq = next_seq + 1
     WHERE group_id = @groupId
    RETURNING next_seq - 1`).pluck();
  // The delivery overwrites the one `keep` before it in place (migration 20): no sort, no delete.
  const putDelivery = db.prepare(`
    INSERT INTO log_deliveries (group_id, slot, seq, received_at, items)
    VALUES (@groupId, @seq % @keep, @seq, @receivedAt, @items)
    ON CONFLICT (group_id, slot) DO UPDATE
       SET seq = excluded.seq, received_at = excluded.received_at, items = excluded.items`);
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
  // A delivery holds at least one occurrence, so the newest `OCCURRENCES_SHOWN` rows hold enough.
  const newestDeliveries = db.prepare(
    'SELECT items FROM log_deliveries WHERE group_id = ? ORDER BY seq DESC LIMIT ?',
  ).pluck();

  // One group's new occurrences: one update of the group, one ring row for all of them.
  const storeGroup = (records: NewClientLog[]): void => {
    const first = records[0] as NewClientLog;
    // The group keeps the newest non-empty stack, as it would message by message.
    const withStack = [...records].reverse().find((r) => r.stackTrace.length > 0 || r.parsedStackTrace.length > 0);
    const counted = {
      groupId: first.groupId,
      occurrences: records.reduce((sum, r) => sum + r.occurrences, 0),
      // A reduce, not a spread: a group transaction of queued batches may hold many thousands.
      receivedAt: records.reduce((newest, r) => Math.max(newest, r.receivedAt), 0),
      stack: withStack ? stackOf(withStack) : null,
    };
    // Most batches are of groups seen before: count first, and create the group only when
    // there was none to count (an INSERT … DO NOTHING per group per batch cost more than this).
    let seq = countOccurrences.get(counted) as number | undefined;
    if (seq === undefined) {
      insertGroup.run({ ...pickGroup(first), stack: stackOf(first) });
      seq = countOccurrences.get(counted) as number;
    }
    putDelivery.run({
      groupId: first.groupId,
      seq,
      keep: keepPerGroup,
      receivedAt: counted.receivedAt,
      items: JSON.stringify(records.slice(-OCCURRENCES_SHOWN).map(toStoredOccurrence)),
    });
    onCounted(records);
  };

  // A group transaction's new occurrences, counted group by group in the order they came.
  const counting = createGroupStaging<NewClientLog>(writes, (records) => {
    const byGroup = new Map<string, NewClientLog[]>();
    for (const record of records) {
      const group = byGroup.get(record.groupId);
      if (group) group.push(record);
      else byGroup.set(record.groupId, [record]);
    }
    for (const group of byGroup.values()) storeGroup(group);
  });

  // A body's drop report is stored with its records or not at all.
  const write = db.transaction((batch: ClientLogInsert) => {
    // A message id seen before (in an earlier batch, or earlier in this one) is a retried
    // delivery: counting it again would inflate the group.
    counting.add(batch.records.filter((r) => remember.run(r.groupId, r.messageId, r.receivedAt).changes > 0));
    if (batch.ignored > 0) addIgnored.run({ n: batch.ignored });
    if (batch.dropped) writeDrop(batch.dropped);
  });

  return {
    write,
    staged: counting.staged,
    ingest: {
      insertClientLogs: (batch) => writes.run(() => counting.staged(() => write(batch))),
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
        const deliveries = newestDeliveries.all(groupId, OCCURRENCES_SHOWN) as string[];
        return { group: toLogGroup(row), ...parseStack(row.stack), occurrences: newestFirst(deliveries, OCCURRENCES_SHOWN) };
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
