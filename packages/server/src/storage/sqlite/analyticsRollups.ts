import type { Database, Statement } from 'better-sqlite3';
import type { StoredAnalyticsHit } from '../../analytics/contract.js';
import type { LearnedKeys, RollupKeyCache } from '../../analytics/rollupKeys.js';
import { rollupDeltas, tupleDigest } from '../../analytics/rollupTuple.js';
import type { HitTuple } from '../../analytics/rollupTuple.js';
import { LEVELS, type RollupLevel } from '../../rollups/timeGrid.js';

const CHUNK = 32;

/**
 * Adds fresh hits to the analytics rollups inside the caller's transaction (the raw insert's):
 * summed in memory first, then one upsert per level, row start and tuple. Every level is written
 * now rather than compacted from finer rows later: no compactor can race a late writer, and hits
 * of the past (a re-seeded store, a late batch) are counted at every level at once.
 *
 * Returns the tuple ids looked up or made here, for `cache.remember` once the transaction
 * committed (the group commit's promise): an id made in a transaction that rolled back is gone.
 */
export function sqliteRollupWriter(db: Database, cache: RollupKeyCache): (fresh: readonly StoredAnalyticsHit[]) => LearnedKeys {
  const insertKey = db.prepare(`
    INSERT INTO analytics_rollup_keys (digest, type, non_interaction, path, category, vertical, locale, affiliate)
    VALUES (@digest, @type, @nonInteraction, @path, @category, @vertical, @locale, @affiliate)
    ON CONFLICT (digest) DO NOTHING`);
  const keyId = db.prepare('SELECT id FROM analytics_rollup_keys WHERE digest = ?').pluck();
  // Rows go in by the CHUNK in one statement (fewer calls into SQLite), the rest one by one.
  const upsert = (level: RollupLevel, rows: number) =>
    db.prepare(`INSERT INTO analytics_rollup_${level} (start, key_id, n) VALUES ${Array(rows).fill('(?, ?, ?)').join(', ')}
      ON CONFLICT (start, key_id) DO UPDATE SET n = n + excluded.n`);
  const upserts = Object.fromEntries(LEVELS.map((level) => [level, { one: upsert(level, 1), chunk: upsert(level, CHUNK) }])) as Record<
    RollupLevel,
    { one: Statement; chunk: Statement }
  >;
  const write = (level: RollupLevel, values: number[]) => {
    const whole = values.length - (values.length % (3 * CHUNK));
    for (let i = 0; i < whole; i += 3 * CHUNK) upserts[level].chunk.run(values.slice(i, i + 3 * CHUNK));
    for (let i = whole; i < values.length; i += 3) upserts[level].one.run(values[i], values[i + 1], values[i + 2]);
  };

  const intern = (tuple: HitTuple, text: string): number => {
    const digest = tupleDigest(text);
    insertKey.run({ digest, ...tuple, nonInteraction: tuple.nonInteraction ? 1 : 0 });
    return keyId.get(digest) as number;
  };

  return (fresh) => {
    const learned = new Map<string, number>();
    if (fresh.length === 0) return learned;
    const values: Record<RollupLevel, number[]> = { minute: [], hour: [], day: [] };
    for (const delta of rollupDeltas(fresh)) {
      let id = cache.get(delta.tupleText) ?? learned.get(delta.tupleText);
      if (id === undefined) learned.set(delta.tupleText, (id = intern(delta.tuple, delta.tupleText)));
      values[delta.level].push(delta.start, id, delta.n);
    }
    for (const level of LEVELS) write(level, values[level]);
    return learned;
  };
}
