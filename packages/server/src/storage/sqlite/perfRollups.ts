import type { Database, Statement } from 'better-sqlite3';
import type { PerfReport } from '../../perf/contract.js';
import { NUMBER_COLUMNS, VITAL_FIELDS, perfRollupDeltas, sketchEncoder } from '../../perf/perfRollup.js';
import type { PageKey } from '../../perf/perfRollup.js';
import type { PerfRollupFilter, PerfRollupRow } from '../../perf/ports.js';
import { mergeEncodedSketches } from '../../rollups/sketchCodec.js';
import { LEVELS } from '../../rollups/timeGrid.js';
import type { RollupLevel } from '../../rollups/timeGrid.js';

/** The perf rollups on SQLite: reports staged during a transaction, written once before it commits. */
export interface SqlitePerfRollups {
  /** Counts a report that was really stored (its INSERT changed a row) at the next flush. */
  stage(report: PerfReport): void;
  /** How much is staged, so a caller whose savepoint rolls back can {@link rewind} to it. */
  mark(): number;
  rewind(mark: number): void;
  /** Writes what is staged into every level's rows; runs inside the transaction of the reports. */
  flush(): void;
  read(filter: PerfRollupFilter): PerfRollupRow[];
}

type RawRow = [number, string | null, string | null, string | null, Buffer, ...number[]];

export function createSqlitePerfRollups(db: Database): SqlitePerfRollups {
  // Merging blobs inside the upsert keeps it one statement per row: SQL sums the numbers, this
  // function sums the sketches' bucket counts.
  db.function('perf_sketch_merge', { deterministic: true }, (stored: unknown, added: unknown) =>
    mergeEncodedSketches(stored as Buffer, added as Buffer, VITAL_FIELDS.length),
  );
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
  // Nullable parameters keep one prepared statement for every combination of filters.
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
             AND (@subPageId IS NULL OR k.sub_page_id = @subPageId)`)
        .raw(true),
    ]),
  ) as Record<RollupLevel, Statement>;
  const findKey = db.prepare('SELECT id FROM perf_rollup_keys WHERE dims = ?').pluck(true);
  const insertKey = db.prepare('INSERT INTO perf_rollup_keys (dims, vertical, page_id, sub_page_id) VALUES (?, ?, ?, ?)');
  // Only ids read back from a committed row are cached: one inserted in this transaction could
  // still be rolled back with it, and a cached id of a key that is gone would orphan rows.
  const keyIds = new Map<string, number>();
  const keyId = (dims: string, page: PageKey): number => {
    const cached = keyIds.get(dims);
    if (cached !== undefined) return cached;
    const found = findKey.get(dims) as number | undefined;
    if (found !== undefined) {
      keyIds.set(dims, found);
      return found;
    }
    return Number(insertKey.run(dims, page.vertical, page.pageId, page.subPageId).lastInsertRowid);
  };

  let staged: PerfReport[] = [];
  return {
    stage: (report) => void staged.push(report),
    mark: () => staged.length,
    rewind: (mark) => void (staged.length = mark),
    flush() {
      const reports = staged;
      staged = [];
      // Every level is written now, with the raw rows, rather than compacted from finer rows
      // later: no compactor can race a late write, and a re-seeded past is right at once.
      const encode = sketchEncoder();
      for (const delta of perfRollupDeltas(reports)) {
        upserts[delta.level].run(delta.start, keyId(delta.dims, delta.page), ...delta.stats.values, encode(delta.stats));
      }
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
        }) as RawRow[];
        for (const [start, vertical, pageId, subPageId, sketches, ...values] of found) {
          rows.push({ start, page: { vertical, pageId, subPageId }, values, sketches });
        }
      }
      return rows;
    },
  };
}
