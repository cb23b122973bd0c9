import type { StoredAnalyticsHit } from '../../analytics/contract.js';
import type { LearnedKeys, RollupKeyCache } from '../../analytics/rollupKeys.js';
import { rollupDeltas } from '../../analytics/rollupSums.js';
import type { RollupDelta } from '../../analytics/rollupSums.js';
import { tupleDigest, tupleOf, tupleText } from '../../analytics/rollupTuple.js';
import type { HitTuple } from '../../analytics/rollupTuple.js';
import { LEVELS } from '../../rollups/timeGrid.js';
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
    const learned = new Map<string, number>();
    const deltas = rollupDeltas(fresh, pgText);
    const missing = new Map<string, HitTuple>();
    for (const delta of deltas) if (cache.get(delta.tupleText) === undefined) missing.set(delta.tupleText, delta.tuple);
    if (missing.size > 0) await intern(db, missing, learned);
    const idOf = (delta: RollupDelta) => cache.get(delta.tupleText) ?? (learned.get(delta.tupleText) as number);
    const params = LEVELS.flatMap((level) => {
      const rows = deltas
        .filter((delta) => delta.level === level)
        .map((delta) => [delta.start, idOf(delta), delta.n] as const)
        .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      return [rows.map((row) => row[0]), rows.map((row) => row[1]), rows.map((row) => row[2])];
    });
    const upsert = (level: string, at: number) =>
      `${level} AS (INSERT INTO analytics_rollup_${level} AS t (start, key_id, n)
       SELECT * FROM unnest($${at}::bigint[], $${at + 1}::int[], $${at + 2}::bigint[]) ORDER BY 1, 2
       ON CONFLICT (start, key_id) DO UPDATE SET n = t.n + excluded.n)`;
    return { ctes: LEVELS.map((level, i) => upsert(level, first + 3 * i)).join(',\n'), params, learned };
  };
}

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
