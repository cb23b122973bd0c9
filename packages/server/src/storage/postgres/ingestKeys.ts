import type pg from 'pg';
import { pgText, type Queryable } from './db.js';

/** What an idempotency key belongs to; the same id under two kinds are two keys. */
export type IngestKeyKind = 'perf' | 'analytics' | 'signal' | 'drops:logs' | 'drops:analytics';

/**
 * Records the keys and returns those that were new: the caller then stores only the items
 * holding them, in the same transaction. A concurrent writer of the same key waits on the
 * primary key until this transaction ends, then sees DO NOTHING (or, after a rollback, inserts
 * it itself), so an item is stored once however many copies race. Keys go in sorted, so two
 * writers claiming overlapping sets lock them in one order and cannot deadlock each other.
 */
export async function claimKeys(db: Queryable, kind: IngestKeyKind, ids: readonly string[], seenAt: number): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const result = await db.query<{ id: string }>(
    `INSERT INTO ingest_keys (kind, id, seen_at)
     SELECT $1, id, $3 FROM unnest($2::text[]) AS id ORDER BY id
     ON CONFLICT (kind, id) DO NOTHING
     RETURNING id`,
    [kind, [...new Set(ids.map(pgText))], seenAt],
  );
  return new Set(result.rows.map((row) => row.id));
}

/**
 * The items to store: those without a key (old clients: stored as they come) and the first of
 * each key this call claimed.
 */
export async function newItems<T>(
  db: Queryable,
  kind: IngestKeyKind,
  items: readonly T[],
  itemKey: (item: T) => string | null,
  seenAt: number,
): Promise<T[]> {
  // Compared as stored, so an id PostgreSQL would refuse as text is still recognised.
  const keyOf = (item: T) => pgText(itemKey(item));
  const keys = items.map(keyOf).filter((key): key is string => key !== null);
  const claimed = await claimKeys(db, kind, keys, seenAt);
  return items.filter((item) => {
    const key = keyOf(item);
    if (key === null) return true;
    // Deleting the key keeps a second copy within the same call from being stored as well.
    return claimed.delete(key);
  });
}

const PURGE_CHUNK = 10_000;

/**
 * Forgets keys seen before `before`, a chunk per statement so no one delete holds many row locks
 * or runs long. Safe once raw rows of that age are gone: a retry that late would be a new item.
 */
export async function purgeIngestKeys(pool: pg.Pool, before: number): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await pool.query(
      `DELETE FROM ingest_keys WHERE ctid = ANY (ARRAY(
         SELECT ctid FROM ingest_keys WHERE seen_at < $1 LIMIT ${PURGE_CHUNK}))`,
      [before],
    );
    total += result.rowCount ?? 0;
    if ((result.rowCount ?? 0) < PURGE_CHUNK) return total;
  }
}
