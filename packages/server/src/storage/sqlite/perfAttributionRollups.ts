import type { Database, Statement } from 'better-sqlite3';
import type { AttributionRollupDelta } from '../../perf/attribution/attributionDeltas.js';
import { appendMetricRollup, metricNumber, metricOfNumber } from '../../perf/attribution/metricRollup.js';
import type { PerfAttributionFilter } from '../../perf/ports.js';
import { LEVELS } from '../../rollups/timeGrid.js';
import type { RollupLevel } from '../../rollups/timeGrid.js';

/** The scope of the whole site's rows: no perf_rollup_keys id is 0. */
export const SITE_SCOPE = 0;

/**
 * The attribution rollups on SQLite (migration 24): a row per start × scope × metric, merged by
 * appending segments in the upsert (perf/attribution/metricRollup.ts). Written with the vitals
 * rollups, in the same transaction (perfRollups.ts).
 */
export function createSqliteAttributionRollups(db: Database) {
  db.function('perf_metric_rollup_merge', { deterministic: true }, (stored: unknown, added: unknown, metric: unknown) =>
    appendMetricRollup(stored as Buffer, added as Buffer, metricOfNumber(Number(metric))),
  );
  const upserts = Object.fromEntries(
    LEVELS.map((level) => [
      level,
      db.prepare(`
        INSERT INTO perf_attribution_rollup_${level} (start, scope, metric, data) VALUES (?, ?, ?, ?)
        ON CONFLICT (start, scope, metric) DO UPDATE SET data = perf_metric_rollup_merge(data, excluded.data, metric)`),
    ]),
  ) as Record<RollupLevel, Statement>;
  // The site's rows by their own scope; pages' by their keys, nullable filters as the vitals read.
  const reads = Object.fromEntries(
    LEVELS.map((level) => [
      level,
      {
        site: db
          .prepare(`SELECT data FROM perf_attribution_rollup_${level} WHERE start >= @from AND start < @to AND scope = ${SITE_SCOPE} AND metric = @metric`)
          .pluck(true),
        pages: db
          .prepare(`
            SELECT a.data FROM perf_attribution_rollup_${level} a JOIN perf_rollup_keys k ON k.id = a.scope
             WHERE a.start >= @from AND a.start < @to AND a.metric = @metric
               AND (@vertical IS NULL OR k.vertical = @vertical)
               AND (@pageId IS NULL OR k.page_id = @pageId)
               AND (@subPageId IS NULL OR k.sub_page_id = @subPageId)`)
          .pluck(true),
      },
    ]),
  ) as Record<RollupLevel, { site: Statement; pages: Statement }>;

  return {
    /** Upserts `deltas`; `scopeOf` gives a page's key id (null dims: the whole site). */
    write(deltas: readonly AttributionRollupDelta[], scopeOf: (delta: AttributionRollupDelta) => number): void {
      for (const delta of deltas) upserts[delta.level].run(delta.start, scopeOf(delta), delta.metric, delta.encoded);
    },
    read(filter: PerfAttributionFilter): Buffer[] {
      const wholeSite = !filter.vertical && !filter.pageId && !filter.subPageId;
      const rows: Buffer[] = [];
      for (const piece of filter.pieces) {
        const statement = wholeSite ? reads[piece.level].site : reads[piece.level].pages;
        const params = { from: piece.from, to: piece.to, metric: metricNumber(filter.metric) };
        const found = (wholeSite
          ? statement.all(params)
          : statement.all({ ...params, vertical: filter.vertical ?? null, pageId: filter.pageId ?? null, subPageId: filter.subPageId ?? null })) as Buffer[];
        rows.push(...found);
      }
      return rows;
    },
  };
}
