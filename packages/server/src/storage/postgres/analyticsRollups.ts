import type { StoredAnalyticsHit } from '../../analytics/contract.js';
import type { LearnedKeys, RollupKeyCache } from '../../analytics/rollupKeys.js';
import { rollupDeltas } from '../../analytics/rollupSums.js';
import type { RollupDelta } from '../../analytics/rollupSums.js';
import { tupleDigest, tupleOf, tupleText } from '../../analytics/rollupTuple.js';
import type { HitTuple } from '../../analytics/rollupTuple.js';
import { LEVEL_MS, LEVELS, bucketStart } from '../../rollups/timeGrid.js';
import type { RollupLevel } from '../../rollups/timeGrid.js';
import { pgJson, pgText, type Queryable } from './db.js';

/**
 * The rollup upsert of fresh hits, to run in the raw INSERT's statement: its CTEs (`minute`,
 * `hour`, `day`), their parameters (numbered from the `first` given), and the tuple ids learned.
 */
export interface RollupUpsert {
  ctes: string;
  params: unknown[];
  learned: LearnedKeys;
}

/** Makes the rollup upsert of fresh hits (interning a tuple the cache lost, in the caller's transaction). */
export type PostgresRollupWriter = (db: Queryable, fresh: readonly StoredAnalyticsHit[], first: number) => Promise<RollupUpsert>;

/**
 * Makes sure the tuples of `hits` have ids before their transaction starts: those not cached are
 * inserted and read back on `pool` by statements of their own (committed at once, so cached at
 * once). Interning inside the long ingest transaction instead held the new key's index entry
 * until its commit, and two writers meeting on a new tuple waited for each other's whole batch.
 * A key without counts (its batch then failed) is harmless.
 */
export async function prepareRollupKeys(pool: Queryable, cache: RollupKeyCache, hits: readonly StoredAnalyticsHit[]): Promise<void> {
  const missing = new Map<string, HitTuple>();
  for (const hit of hits) {
    const tuple = tupleOf(hit, pgText);
    const text = tupleText(tuple);
    if (cache.get(text) === undefined) missing.set(text, tuple);
  }
  if (missing.size === 0) return;
  const learned = new Map<string, number>();
  await intern(pool, missing, learned);
  cache.remember(learned);
}

/**
 * The analytics rollups' ingest side on PostgreSQL, run in the raw insert's transaction for the
 * hits `newItems` returned (so a redelivered hit counts once): summed in memory per level, row
 * start and tuple, then upserted at every level by CTEs of the raw INSERT's own statement (one
 * round trip to the database for both, as the perf rollups do). Every level is written now rather
 * than compacted from finer rows later: no compactor can race a late writer on another instance,
 * and hits of the past (a re-seeded store, a late batch) are counted at every level at once.
 *
 * Concurrent writers on other instances meet on the same rows: `n = t.n + excluded.n` is atomic
 * per row, and rows are taken in (start, key_id) order within each level and the levels in one
 * statement shape, so two writers lock in the same order. Tuples are normally interned before the
 * transaction ({@link prepareRollupKeys}); one the cache lost since is interned here, the same
 * way, and its id only cached once the caller's transaction committed.
 */
export function postgresRollupWriter(cache: RollupKeyCache): PostgresRollupWriter {
  return async (db, fresh, first) => {
    const deltas = rollupDeltas(fresh, pgText);
    const { idOf, learned } = await deltaIds(db, cache, deltas);
    const params = levelParams(deltas.map((delta) => ({ level: delta.level, start: delta.start, keyId: idOf(delta), n: delta.n })));
    return { ctes: upsertCtes(first), params, learned };
  };
}

/** A minute's count of one tuple, by its id: what direct ingest leaves pending (analyticsPendingRollups.ts). */
export type MinuteCount = readonly [start: number, keyId: number, n: number];

/** The minute counts of fresh hits by tuple id (interning a tuple the cache lost, in the caller's transaction). */
export async function minuteCounts(
  db: Queryable,
  cache: RollupKeyCache,
  fresh: readonly StoredAnalyticsHit[],
): Promise<{ minutes: MinuteCount[]; learned: LearnedKeys }> {
  const deltas = rollupDeltas(fresh, pgText).filter((delta) => delta.level === 'minute');
  const { idOf, learned } = await deltaIds(db, cache, deltas);
  return { minutes: deltas.map((delta) => [delta.start, idOf(delta), delta.n] as const), learned };
}

/** Adds minute counts to every level's rows, in the caller's transaction: what a flush of pending counts writes. */
export async function addAnalyticsRollups(db: Queryable, minutes: readonly MinuteCount[]): Promise<void> {
  const sums = new Map<string, LevelCount>();
  for (const [minute, keyId, n] of minutes) {
    for (const level of LEVELS) {
      const start = bucketStart(minute, LEVEL_MS[level]);
      const key = `${level} ${start} ${keyId}`;
      const sum = sums.get(key);
      if (sum) sum.n += n;
      else sums.set(key, { level, start, keyId, n });
    }
  }
  if (sums.size === 0) return;
  await db.query({ name: 'analytics-rollup-upsert', text: `WITH ${upsertCtes(1)}\nSELECT 1`, values: levelParams([...sums.values()]) });
}

interface LevelCount {
  level: RollupLevel;
  start: number;
  keyId: number;
  n: number;
}

/** The tuple id of each delta: cached, or else interned in the caller's transaction and learned. */
async function deltaIds(db: Queryable, cache: RollupKeyCache, deltas: readonly RollupDelta[]) {
  const learned = new Map<string, number>();
  const missing = new Map<string, HitTuple>();
  for (const delta of deltas) if (cache.get(delta.tupleText) === undefined) missing.set(delta.tupleText, delta.tuple);
  if (missing.size > 0) await intern(db, missing, learned);
  const idOf = (delta: RollupDelta) => cache.get(delta.tupleText) ?? (learned.get(delta.tupleText) as number);
  return { idOf, learned };
}

// Per level, the starts, key ids and counts as arrays, sorted so writers lock rows in one order.
function levelParams(counts: readonly LevelCount[]): unknown[] {
  return LEVELS.flatMap((level) => {
    const rows = counts.filter((count) => count.level === level).sort((a, b) => a.start - b.start || a.keyId - b.keyId);
    return [rows.map((row) => row.start), rows.map((row) => row.keyId), rows.map((row) => row.n)];
  });
}

// One upsert CTE per level (`minute`, `hour`, `day`), from levelParams' arrays numbered from `first`.
const upsertCtes = (first: number) =>
  LEVELS.map(
    (level, i) => `${level} AS (INSERT INTO analytics_rollup_${level} AS t (start, key_id, n)
       SELECT * FROM unnest($${first + 3 * i}::bigint[], $${first + 3 * i + 1}::int[], $${first + 3 * i + 2}::bigint[]) ORDER BY 1, 2
       ON CONFLICT (start, key_id) DO UPDATE SET n = t.n + excluded.n)`,
  ).join(',\n');

/**
 * Inserts the tuples (`ON CONFLICT DO NOTHING`, digest order) and reads their ids back by a
 * statement of its own, which sees a concurrent writer's row once that writer committed.
 */
async function intern(db: Queryable, missing: ReadonlyMap<string, HitTuple>, learned: Map<string, number>): Promise<void> {
  const byDigest = new Map([...missing.keys()].map((text) => [tupleDigest(text), text]));
  const rows = [...byDigest].map(([digest, text]) => {
    const t = missing.get(text)!;
    return { digest, type: t.type, non_interaction: t.nonInteraction, path: t.path, category: t.category, vertical: t.vertical, locale: t.locale, affiliate: t.affiliate };
  });
  await db.query(
    `INSERT INTO analytics_rollup_keys (digest, type, non_interaction, path, category, vertical, locale, affiliate)
     SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(digest TEXT, type TEXT, non_interaction BOOLEAN, path TEXT,
       category TEXT, vertical TEXT, locale TEXT, affiliate TEXT) ORDER BY digest COLLATE "C"
     ON CONFLICT (digest) DO NOTHING`,
    [pgJson(rows)],
  );
  const found = await db.query<{ id: number; digest: string }>('SELECT id, digest FROM analytics_rollup_keys WHERE digest = ANY($1::text[])', [
    [...byDigest.keys()],
  ]);
  for (const { id, digest } of found.rows) learned.set(byDigest.get(digest)!, id);
}
