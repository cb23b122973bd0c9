import type { Database, Statement } from 'better-sqlite3';
import type { StoredAnalyticsHit } from '../../analytics/contract.js';
import { createRollupKeyCache } from '../../analytics/rollupKeys.js';
import { addHit, mergeSums, sumDeltas } from '../../analytics/rollupSums.js';
import type { RollupSums } from '../../analytics/rollupSums.js';
import { tupleDigest } from '../../analytics/rollupTuple.js';
import type { HitTuple } from '../../analytics/rollupTuple.js';
import { LEVELS, type RollupLevel } from '../../rollups/timeGrid.js';
import type { RollupFold } from './pendingRollups.js';

const CHUNK = 32;

/** The columns of a stored hit its tuple and row starts are made of (recovery reads only these). */
interface TupleRow {
  id: number;
  receivedAt: number;
  type: StoredAnalyticsHit['type'];
  nonInteraction: 0 | 1;
  path: string;
  category: string | null;
  vertical: string | null;
  locale: string | null;
  affiliate: string | null;
}

const hitOf = (row: TupleRow): StoredAnalyticsHit => ({
  type: row.type,
  nonInteraction: row.nonInteraction === 1,
  path: row.path,
  category: row.category ?? undefined,
  vertical: row.vertical ?? undefined,
  locale: row.locale ?? undefined,
  affiliate: row.affiliate ?? undefined,
  receivedAt: row.receivedAt,
  timestamp: row.receivedAt, // not part of a tuple
});

/**
 * The analytics rollups on SQLite as a fold for pendingRollups.ts (which decides when they are
 * written): hits summed per tuple, level and row start in memory, then one upsert per row. Every
 * level is written at once rather than compacted from finer rows later: no compactor can race a
 * late writer, and hits of the past (a re-seeded store, a late batch) count at every level at once.
 *
 * Tuple ids are cached once the write that found or made them has committed (the fold's
 * after-commit step): an id made in a transaction that rolled back is gone, or given to another tuple.
 */
export function createSqliteAnalyticsRollups(db: Database): RollupFold<RollupSums, StoredAnalyticsHit> {
  const keys = createRollupKeyCache();
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
  const writeLevel = (level: RollupLevel, values: number[]) => {
    const whole = values.length - (values.length % (3 * CHUNK));
    for (let i = 0; i < whole; i += 3 * CHUNK) upserts[level].chunk.run(values.slice(i, i + 3 * CHUNK));
    for (let i = whole; i < values.length; i += 3) upserts[level].one.run(values[i], values[i + 1], values[i + 2]);
  };
  const intern = (tuple: HitTuple, text: string): number => {
    const digest = tupleDigest(text);
    insertKey.run({ digest, ...tuple, nonInteraction: tuple.nonInteraction ? 1 : 0 });
    return keyId.get(digest) as number;
  };
  // Recovery reads the unfolded hits in chunks, so a long backlog never sits in memory as rows.
  const unfolded = db.prepare(`SELECT id, received_at AS receivedAt, type, non_interaction AS nonInteraction, path, category,
    vertical, locale, affiliate FROM analytics_hits WHERE id > ? ORDER BY id LIMIT 5000`);

  return {
    cursor: 'analytics',
    empty: () => new Map(),
    add: (into, hit) => addHit(into, hit),
    merge: mergeSums,
    write(sums) {
      const learned = new Map<string, number>();
      const values: Record<RollupLevel, number[]> = { minute: [], hour: [], day: [] };
      for (const delta of sumDeltas(sums)) {
        let id = keys.get(delta.tupleText) ?? learned.get(delta.tupleText);
        if (id === undefined) learned.set(delta.tupleText, (id = intern(delta.tuple, delta.tupleText)));
        values[delta.level].push(delta.start, id, delta.n);
      }
      for (const level of LEVELS) writeLevel(level, values[level]);
      return () => keys.remember(learned);
    },
    foldStored(into, afterId) {
      let rows = 0;
      let lastId = afterId;
      for (;;) {
        const chunk = unfolded.all(lastId) as TupleRow[];
        for (const row of chunk) addHit(into, hitOf(row));
        rows += chunk.length;
        if (chunk.length === 0) return { rows, lastId };
        lastId = chunk.at(-1)!.id;
      }
    },
  };
}
