import type { Database, Statement } from 'better-sqlite3';
import type { PerfReport } from '../../perf/contract.js';
import { attributionDeltas } from '../../perf/attribution/attributionDeltas.js';
import { NUMBER_COLUMNS, VITAL_FIELDS, addToMinutes, levelDeltas, mergeMinutes } from '../../perf/perfRollup.js';
import type { PerfMinutes, PerfRollupDelta } from '../../perf/perfRollup.js';
import { sketchEncoder } from '../../perf/perfRollupEncoders.js';
import type { PerfAttributionFilter, PerfRollupFilter, PerfRollupRow } from '../../perf/ports.js';
import { mergeEncodedSketches } from '../../rollups/sketchCodec.js';
import { LEVELS } from '../../rollups/timeGrid.js';
import type { RollupLevel } from '../../rollups/timeGrid.js';
import type { RollupFold } from './pendingRollups.js';
import { SITE_SCOPE, createSqliteAttributionRollups } from './perfAttributionRollups.js';
import { toReport } from './perfRows.js';
import type { PerfRow } from './perfRows.js';

/**
 * The perf rollups on SQLite: per-minute sums (perf/perfRollup.ts) written into every level's
 * rows, and read back. When they are written is pendingRollups.ts' business.
 */
export interface SqlitePerfRollups {
  fold: RollupFold<PerfMinutes, PerfReport>;
  read(filter: PerfRollupFilter): PerfRollupRow[];
  readAttribution(filter: PerfAttributionFilter): Buffer[];
}

type RawRow = [number, string | null, string | null, string | null, Buffer, ...number[]];

export function createSqlitePerfRollups(db: Database): SqlitePerfRollups {
  // Merging blobs inside the upsert keeps it one statement per row: SQL sums the numbers, this
  // function sums the sketches' bucket counts.
  db.function('perf_sketch_merge', { deterministic: true }, (stored: unknown, added: unknown) =>
    mergeEncodedSketches(stored as Buffer, added as Buffer, VITAL_FIELDS.length),
  );
  const attribution = createSqliteAttributionRollups(db);
  const columns = ['start', 'key_id', ...NUMBER_COLUMNS, 'sketches'];
  const upserts = Object.fromEntries(
    LEVELS.map((level) => [
      level,
      db.prepare(`
        INSERT INTO perf_rollup_${level} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})
        ON CONFLICT (start, key_id) DO UPDATE SET
          ${NUMBER_COLUMNS.map((c) => `${c} = ${c} + excluded.${c}`).join(', ')},
          sketches = perf_sketch_merge(sketches, excluded.sketches)`),
    ]),
  ) as Record<RollupLevel, Statement>;
  // Nullable parameters keep one prepared statement for every combination of filters. `IS` is
  // equality that matches NULL to NULL: without a family, the page rows of every report.
  const reads = Object.fromEntries(
    LEVELS.map((level) => [
      level,
      db
        .prepare(`
          SELECT r.start, k.vertical, k.page_id, k.sub_page_id, r.sketches, ${NUMBER_COLUMNS.map((c) => `r.${c}`).join(', ')}
            FROM perf_rollup_${level} r JOIN perf_rollup_keys k ON k.id = r.key_id
           WHERE r.start >= @from AND r.start < @to
             AND (@vertical IS NULL OR k.vertical = @vertical)
             AND (@pageId IS NULL OR k.page_id = @pageId)
             AND (@subPageId IS NULL OR k.sub_page_id = @subPageId)
             AND k.browser IS @browser`)
        .raw(true),
    ]),
  ) as Record<RollupLevel, Statement>;
  const findKey = db.prepare('SELECT id FROM perf_rollup_keys WHERE dims = ?').pluck(true);
  const insertKey = db.prepare('INSERT INTO perf_rollup_keys (dims, vertical, page_id, sub_page_id, browser) VALUES (?, ?, ?, ?, ?)');
  // Only ids of rows committed before the current write are cached: one inserted by this write
  // (`fresh`, which its later levels look up) is rolled back with it if the write fails, and a
  // cached id of a key that is gone would orphan rows.
  const keyIds = new Map<string, number>();
  const keyId = ({ dims, page, browser }: Pick<PerfRollupDelta, 'dims' | 'page' | 'browser'>, fresh: Map<string, number>): number => {
    const known = keyIds.get(dims) ?? fresh.get(dims);
    if (known !== undefined) return known;
    const found = findKey.get(dims) as number | undefined;
    if (found !== undefined) {
      keyIds.set(dims, found);
      return found;
    }
    const id = Number(insertKey.run(dims, page.vertical, page.pageId, page.subPageId, browser).lastInsertRowid);
    fresh.set(dims, id);
    return id;
  };

  // Recovery reads the unfolded rows in chunks, so a long backlog never sits in memory as rows.
  const unfolded = db.prepare('SELECT * FROM perf_reports WHERE id > ? ORDER BY id LIMIT 5000');
  return {
    fold: {
      cursor: 'perf',
      empty: () => new Map(),
      add: addToMinutes,
      merge: mergeMinutes,
      write(minutes) {
        // Every level at once (see pendingRollups.ts for why not compacted later).
        const encode = sketchEncoder();
        const fresh = new Map<string, number>();
        const deltas = levelDeltas(minutes);
        for (const delta of deltas) {
          upserts[delta.level].run(delta.start, keyId(delta, fresh), ...delta.stats.values, encode(delta.stats));
        }
        // The same deltas' attribution rows (the page's and the whole site's), in the same transaction.
        attribution.write(attributionDeltas(deltas), (delta) => (delta.page ? keyId({ dims: delta.dims!, page: delta.page, browser: null }, fresh) : SITE_SCOPE));
      },
      foldStored(into, afterId) {
        let rows = 0;
        let lastId = afterId;
        for (;;) {
          const chunk = unfolded.all(lastId) as Array<PerfRow & { id: number }>;
          for (const row of chunk) addToMinutes(into, toReport(row));
          rows += chunk.length;
          if (chunk.length === 0) return { rows, lastId };
          lastId = chunk.at(-1)!.id;
        }
      },
    },
    read(filter) {
      const rows: PerfRollupRow[] = [];
      for (const piece of filter.pieces) {
        const found = reads[piece.level].all({
          from: piece.from,
          to: piece.to,
          vertical: filter.vertical ?? null,
          pageId: filter.pageId ?? null,
          subPageId: filter.subPageId ?? null,
          browser: filter.browser ?? null,
        }) as RawRow[];
        for (const [start, vertical, pageId, subPageId, sketches, ...values] of found) {
          rows.push({ start, page: { vertical, pageId, subPageId }, values, sketches });
        }
      }
      return rows;
    },
    readAttribution: attribution.read,
  };
}
