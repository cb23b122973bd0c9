import type pg from 'pg';
import type { StoredDropReport } from '../../drops/contract.js';
import type { ClientLogInsert, NewClientLog } from '../../logs/ports.js';
import { releaseOf } from '../../logs/releaseContract.js';
import type { Queryable } from './db.js';
import { pgText, queryRows } from './db.js';
import type { CountedGroup } from './issueTracking.js';
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
export function createLogWriter(options: {
  keepPerGroup: number;
  insertDropReport: InsertDropReport;
  /** Adds the newly counted messages to the rollups (logRollups.ts), in the same transaction. */
  writeRollups?: (db: pg.PoolClient, records: NewClientLog[]) => Promise<void>;
}) {
  const { keepPerGroup } = options;
  const recordOccurrences = createIssueTracking();

  // Groups in key order, so two transactions touching the same groups lock their rows in the
  // same order. The upsert locks each group's row until commit: ring places and workflow state
  // of a group are handed out by one transaction at a time.
  const storeGroups = async (db: pg.PoolClient, groups: CountedGroup[]): Promise<void> => {
    const rows = groups.map(({ records }) => groupRow(records));
    const column = <K extends keyof GroupRow>(key: K) => rows.map((row) => row[key]);
    const numbered = await queryRows<{ group_id: string; next_seq: number }>(
      db,
      `INSERT INTO log_groups AS g (group_id, product, level, type, message, file_name, line_no, col_no,
                                    count, first_seen, last_seen, stack, exact, next_seq)
       SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::int[], $8::int[],
                            $9::bigint[], $10::bigint[], $11::bigint[], $12::json[], $13::json[], $14::bigint[])
        ORDER BY 1
       ON CONFLICT (group_id) DO UPDATE
          SET count = g.count + EXCLUDED.count, last_seen = greatest(g.last_seen, EXCLUDED.last_seen),
              stack = CASE WHEN ${HAS_STACK('EXCLUDED.stack')} THEN EXCLUDED.stack ELSE g.stack END,
              next_seq = g.next_seq + EXCLUDED.next_seq
       RETURNING group_id, next_seq`,
      [column('groupId'), column('product'), column('level'), column('type'), column('message'), column('fileName'),
        column('lineNo'), column('colNo'), column('count'), column('firstSeen'), column('lastSeen'), column('stack'),
        column('exact'), column('n')],
    );
    const nextSeq = new Map(numbered.map((row) => [row.group_id, row.next_seq]));
    // Only the newest ring's worth of a group can survive the batch; one statement may not write a slot twice.
    const kept = groups.flatMap(({ groupId, records }) => {
      const firstSeq = (nextSeq.get(groupId) as number) - records.length;
      return records.map((record, i) => ({ record, seq: firstSeq + i })).slice(Math.max(0, records.length - keepPerGroup));
    });
    const of = <T>(pick: (r: NewClientLog) => T): T[] => kept.map(({ record }) => pick(record));
    await db.query(
      `INSERT INTO log_occurrences AS o (group_id, slot, seq, message_id, received_at, occurrences, url,
                                         user_agent, extra_args, context)
       SELECT group_id, seq % $1, seq, message_id, received_at, occurrences, url, user_agent, extra_args, context
         FROM unnest($2::text[], $3::bigint[], $4::text[], $5::bigint[], $6::int[], $7::json[], $8::json[], $9::json[], $10::json[])
              AS r (group_id, seq, message_id, received_at, occurrences, url, user_agent, extra_args, context)
       ON CONFLICT (group_id, slot) DO UPDATE
          SET seq = EXCLUDED.seq, message_id = EXCLUDED.message_id, received_at = EXCLUDED.received_at,
              occurrences = EXCLUDED.occurrences, url = EXCLUDED.url, user_agent = EXCLUDED.user_agent,
              extra_args = EXCLUDED.extra_args, context = EXCLUDED.context`,
      [keepPerGroup, of((r) => r.groupId), kept.map(({ seq }) => seq), of((r) => r.messageId), of((r) => r.receivedAt),
        of((r) => r.occurrences), of((r) => jsonOrNull(r.url)), of((r) => jsonOrNull(r.userAgent)),
        of((r) => JSON.stringify(r.extraArgs)), of((r) => JSON.stringify(r.context))],
    );
    await recordOccurrences(db, groups);
    await options.writeRollups?.(db, groups.flatMap((group) => group.records));
  };

  return async function writeLogBatches(db: pg.PoolClient, batches: readonly ClientLogInsert[]): Promise<void> {
    const fresh = await freshRecords(db, batches.flatMap((batch) => batch.records));
    await noteReleases(db, [...fresh.values()].flat());
    const groups = [...fresh.keys()].sort().map((groupId) => ({ groupId, records: fresh.get(groupId) as NewClientLog[] }));
    if (groups.length > 0) await storeGroups(db, groups);
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
/** Key of the advisory lock under which new releases are inserted (any fixed number of ours). */
const NEW_RELEASES_LOCK = 0x7a_72_6c_73;

async function noteReleases(db: Queryable, records: NewClientLog[]): Promise<void> {
  const firstSeen = new Map<string, number>();
  for (const record of records) {
    const release = releaseOf(record.context);
    if (release !== null && !firstSeen.has(release)) firstSeen.set(release, record.receivedAt);
  }
  if (firstSeen.size === 0) return;
  const names = [...firstSeen.keys()];
  const known = await queryRows<{ name: string }>(db, 'SELECT name FROM releases WHERE name = ANY ($1::text[])', [names]);
  if (known.length === names.length) return;
  // New releases are inserted in order of appearance (that order is the release order), so two
  // transactions meeting the same new releases in different orders would each wait on the
  // other's uncommitted row: a deadlock. New releases are rare (a deploy), so their inserts take
  // turns under one transaction-scoped advisory lock instead.
  await db.query('SELECT pg_advisory_xact_lock($1)', [NEW_RELEASES_LOCK]);
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

const jsonOrNull = (text: string | null): string | null => (text === null ? null : JSON.stringify(text));

/**
 * The free text of a group that its text columns cannot hold as sent (see migration 2), as JSON
 * for `log_groups.exact`; null when the columns hold it exactly, as for nearly every message.
 */
function exactText(fields: { message: string; fileName: string | null }): string | null {
  const altered = Object.entries(fields).filter(([, text]) => text !== null && pgText(text) !== text);
  return altered.length === 0 ? null : JSON.stringify(Object.fromEntries(altered));
}

/** SQL true when the stored stack JSON at `expression` has any frame (as `hasStack` below). */
const HAS_STACK = (expression: string) =>
  `(json_array_length(${expression} -> 'stackTrace') > 0 OR json_array_length(${expression} -> 'parsedStackTrace') > 0)`;
const hasStack = (record: NewClientLog) => record.stackTrace.length > 0 || record.parsedStackTrace.length > 0;

type GroupRow = ReturnType<typeof groupRow>;

/**
 * A group's row as this batch would create it: described by its first record, counting all of
 * them, with the newest non-empty stack (as message by message) or, lacking one, the first's.
 */
function groupRow(records: NewClientLog[]) {
  const first = records[0] as NewClientLog;
  const withStack = [...records].reverse().find(hasStack);
  return {
    groupId: first.groupId,
    product: first.product,
    level: first.level,
    type: pgText(first.type),
    message: pgText(first.message),
    fileName: pgText(first.fileName),
    exact: exactText({ message: first.message, fileName: first.fileName }),
    lineNo: first.lineNo,
    colNo: first.colNo,
    count: records.reduce((sum, r) => sum + r.occurrences, 0),
    firstSeen: first.receivedAt,
    lastSeen: Math.max(...records.map((r) => r.receivedAt)),
    stack: stackOf(withStack ?? first),
    n: records.length,
  };
}
