import type pg from 'pg';
import type { StoredDropReport } from '../../drops/contract.js';
import type { ClientLogInsert, NewClientLog } from '../../logs/ports.js';
import { releaseOf } from '../../releases/releaseName.js';
import type { Queryable } from './db.js';
import { pgText, queryRow, queryRows } from './db.js';
import { createIssueTracking } from './issueTracking.js';

/** Stores a body's drop report on the caller's client, inside its transaction (the drops adapter). */
export type InsertDropReport = (db: Queryable, report: StoredDropReport) => Promise<void>;

// The ignored count is spread over this many rows (see migration 2).
const IGNORED_SHARDS = 8;

/**
 * The client-log writer: `writeLogBatches` stores batches on a client whose transaction the
 * caller holds (one request's batch, or a JetStream pull's worth in `writeBatch`).
 *
 * Idempotency: a message is `(group, message id)` in `ingest_keys`; only the keys this
 * transaction newly inserts are counted, and a concurrent writer of the same key waits on its
 * index entry and then sees it taken. Groups are written in key order, so two transactions
 * touching the same groups lock them in the same order rather than deadlock.
 */
export function createLogWriter(options: { keepPerGroup: number; insertDropReport: InsertDropReport }) {
  const { keepPerGroup } = options;
  const recordOccurrences = createIssueTracking();

  const storeGroup = async (db: pg.PoolClient, records: NewClientLog[]): Promise<void> => {
    const first = records[0] as NewClientLog;
    await db.query(
      `INSERT INTO log_groups (group_id, product, level, type, message, file_name, line_no, col_no,
                               count, first_seen, last_seen, stack)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 0, $9, $9, $10)
       ON CONFLICT (group_id) DO NOTHING`,
      [first.groupId, first.product, first.level, pgText(first.type), pgText(first.message), pgText(first.fileName),
        first.lineNo, first.colNo, first.receivedAt, stackOf(first)],
    );
    // The group keeps the newest non-empty stack, as it would message by message.
    const withStack = [...records].reverse().find((r) => r.stackTrace.length > 0 || r.parsedStackTrace.length > 0);
    // This update locks the group's row until commit: ring places and workflow state of one group
    // are handed out by one transaction at a time.
    const counted = await queryRow<{ seq: number }>(
      db,
      `UPDATE log_groups
          SET count = count + $2, last_seen = greatest(last_seen, $3), stack = coalesce($4, stack),
              next_seq = next_seq + $5
        WHERE group_id = $1
       RETURNING next_seq - $5 AS seq`,
      [first.groupId, records.reduce((sum, r) => sum + r.occurrences, 0), Math.max(...records.map((r) => r.receivedAt)),
        withStack ? stackOf(withStack) : null, records.length],
    );
    const firstSeq = (counted as { seq: number }).seq;
    // Only the newest ring's worth can survive this batch; one statement may not write a slot twice.
    const skipped = Math.max(0, records.length - keepPerGroup);
    const kept = records.slice(skipped);
    const column = <T>(pick: (r: NewClientLog) => T): T[] => kept.map(pick);
    await db.query(
      `INSERT INTO log_occurrences AS o (group_id, slot, seq, message_id, received_at, occurrences, url,
                                         user_agent, extra_args, context)
       SELECT $1, seq % $2, seq, message_id, received_at, occurrences, url, user_agent, extra_args, context
         FROM unnest($3::bigint[], $4::text[], $5::bigint[], $6::int[], $7::text[], $8::text[], $9::json[], $10::json[])
              AS r (seq, message_id, received_at, occurrences, url, user_agent, extra_args, context)
       ON CONFLICT (group_id, slot) DO UPDATE
          SET seq = EXCLUDED.seq, message_id = EXCLUDED.message_id, received_at = EXCLUDED.received_at,
              occurrences = EXCLUDED.occurrences, url = EXCLUDED.url, user_agent = EXCLUDED.user_agent,
              extra_args = EXCLUDED.extra_args, context = EXCLUDED.context`,
      [first.groupId, keepPerGroup, kept.map((_, i) => firstSeq + skipped + i), column((r) => r.messageId),
        column((r) => r.receivedAt), column((r) => r.occurrences), column((r) => pgText(r.url)),
        column((r) => pgText(r.userAgent)), column((r) => JSON.stringify(r.extraArgs)), column((r) => JSON.stringify(r.context))],
    );
    await recordOccurrences(db, records);
  };

  return async function writeLogBatches(db: pg.PoolClient, batches: readonly ClientLogInsert[]): Promise<void> {
    const fresh = await freshRecords(db, batches.flatMap((batch) => batch.records));
    await noteReleases(db, [...fresh.values()].flat());
    for (const groupId of [...fresh.keys()].sort()) await storeGroup(db, fresh.get(groupId) as NewClientLog[]);
    const ignored = batches.reduce((sum, batch) => sum + batch.ignored, 0);
    if (ignored > 0) {
      await db.query(
        `INSERT INTO log_ignored (shard, value) VALUES ($1, $2)
         ON CONFLICT (shard) DO UPDATE SET value = log_ignored.value + EXCLUDED.value`,
        [Math.floor(Math.random() * IGNORED_SHARDS), ignored],
      );
    }
    for (const { dropped } of batches) if (dropped) await options.insertDropReport(db, dropped);
  };
}

/**
 * The records never stored before, per group in order of first appearance: a message id seen
 * before (stored, or earlier in these batches) is a retried delivery and must not count again.
 */
async function freshRecords(db: Queryable, records: NewClientLog[]): Promise<Map<string, NewClientLog[]>> {
  const byKey = new Map<string, NewClientLog>();
  // Group and message ids are identifiers (no spaces), so the space cannot be part of either.
  for (const record of records) {
    const key = `${record.groupId} ${record.messageId}`;
    if (!byKey.has(key)) byKey.set(key, record);
  }
  const keys = [...byKey.keys()].sort();
  const taken = await queryRows<{ id: string }>(
    db,
    `INSERT INTO ingest_keys (kind, id, seen_at) SELECT 'log', key, $2 FROM unnest($1::text[]) AS key
     ON CONFLICT DO NOTHING RETURNING id`,
    [keys, Date.now()],
  );
  const isNew = new Set(taken.map((row) => row.id));
  const fresh = new Map<string, NewClientLog[]>();
  for (const [key, record] of byKey) {
    if (!isNew.has(key)) continue;
    const group = fresh.get(record.groupId);
    if (group) group.push(record);
    else fresh.set(record.groupId, [record]);
  }
  return fresh;
}

/**
 * Gives the releases first seen in these records their place in the release order, in the order
 * they appear. Known releases are left alone: no row lock on the current release's row, which
 * every batch of a deploy would otherwise queue behind.
 */
async function noteReleases(db: Queryable, records: NewClientLog[]): Promise<void> {
  const firstSeen = new Map<string, number>();
  for (const record of records) {
    const release = releaseOf(record.context);
    if (release !== null && !firstSeen.has(release)) firstSeen.set(release, record.receivedAt);
  }
  if (firstSeen.size === 0) return;
  await db.query(
    `INSERT INTO releases (name, first_seen, last_seen)
     SELECT name, at, at FROM unnest($1::text[], $2::bigint[]) WITH ORDINALITY AS r (name, at, n)
      WHERE NOT EXISTS (SELECT 1 FROM releases WHERE releases.name = r.name)
      ORDER BY n
     ON CONFLICT (name) DO NOTHING`,
    [[...firstSeen.keys()], [...firstSeen.values()]],
  );
}

const stackOf = (record: NewClientLog): string =>
  JSON.stringify({ stackTrace: record.stackTrace, parsedStackTrace: record.parsedStackTrace });
