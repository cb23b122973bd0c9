import type { AttributionRollupDelta } from '../../perf/attribution/attributionDeltas.js';
import { MAX_METRIC_SEGMENTS, foldMetricRollup, metricNumber, metricOfNumber } from '../../perf/attribution/metricRollup.js';
import type { PerfAttributionFilter } from '../../perf/ports.js';
import { LEVELS } from '../../rollups/timeGrid.js';
import type { RollupLevel } from '../../rollups/timeGrid.js';
import type { Queryable } from './db.js';

/** The scope of the whole site's rows: no perf_rollup_keys id is 0 (SERIAL starts at 1). */
export const SITE_SCOPE = 0;

// Appending the new row's segments after the stored ones, as perfRollups.ts does for sketches.
const APPEND = `set_byte(t.data, 0, get_byte(t.data, 0) + get_byte(excluded.data, 0)) || substring(excluded.data FROM 2)`;

// One upsert CTE per level, locking rows level by level and by (start, scope, metric) within
// one, as the vitals upsert does, so concurrent writers do not deadlock; a row comes back only
// when it holds too many segments and needs a fold.
const UPSERT = {
  name: 'perf-attribution-upsert',
  text: `WITH d AS (SELECT * FROM unnest($1::text[], $2::bigint[], $3::int[], $4::smallint[], $5::bytea[]) AS d(level, start, scope, metric, data))
    ${LEVELS.map(
      (level) => `, ${level} AS (INSERT INTO perf_attribution_rollup_${level} AS t (start, scope, metric, data)
        SELECT start, scope, metric, data FROM d WHERE level = '${level}' ORDER BY start, scope, metric
        ON CONFLICT (start, scope, metric) DO UPDATE SET data = ${APPEND}
        RETURNING '${level}' AS level, start, scope, metric, CASE WHEN get_byte(data, 0) > ${MAX_METRIC_SEGMENTS} THEN data END AS data)`,
    ).join('\n')}
    SELECT * FROM ${LEVELS.map((level) => `${level} WHERE data IS NOT NULL`).join(' UNION ALL SELECT * FROM ')}`,
};
// The folded rows, already locked by this transaction's upsert.
const FOLD = {
  name: 'perf-attribution-fold',
  text: `WITH f AS (SELECT * FROM unnest($1::text[], $2::bigint[], $3::int[], $4::smallint[], $5::bytea[]) AS f(level, start, scope, metric, data))
    ${LEVELS.map(
      (level) => `, ${level} AS (UPDATE perf_attribution_rollup_${level} t SET data = f.data
        FROM f WHERE f.level = '${level}' AND t.start = f.start AND t.scope = f.scope AND t.metric = f.metric)`,
    ).join('\n')}
    SELECT 1`,
};

type Row = { level: RollupLevel; start: number; scope: number; metric: number; data: Buffer };
const columns = (rows: readonly Row[]) => [rows.map((r) => r.level), rows.map((r) => r.start), rows.map((r) => r.scope), rows.map((r) => r.metric), rows.map((r) => r.data)];

/**
 * Adds `deltas` to the attribution rollups in the caller's transaction, after its vitals rows
 * (perfRollups.ts): one statement for every level, and a second folding the rows past
 * MAX_METRIC_SEGMENTS segments, so no committed row holds more. `keyOf` gives a page's key id.
 */
export async function upsertAttributionRollups(db: Queryable, deltas: readonly AttributionRollupDelta[], keyOf: (dims: string) => number): Promise<void> {
  if (deltas.length === 0) return;
  const rows = deltas.map((d): Row => ({ level: d.level, start: d.start, scope: d.dims === null ? SITE_SCOPE : keyOf(d.dims), metric: d.metric, data: d.encoded }));
  const { rows: full } = await db.query<Row>({ ...UPSERT, values: columns(rows) });
  if (full.length === 0) return;
  const folded = full.map((row) => ({ ...row, start: Number(row.start), data: foldMetricRollup(row.data, metricOfNumber(row.metric)) }));
  await db.query({ ...FOLD, values: columns(folded) });
}

/** The rows of one metric in every piece: the site's own, or the filter's pages'. */
export async function readAttributionRollups(db: Queryable, filter: PerfAttributionFilter): Promise<Buffer[]> {
  const wholeSite = !filter.vertical && !filter.pageId && !filter.subPageId;
  const out: Buffer[] = [];
  for (const piece of filter.pieces) {
    const table = `perf_attribution_rollup_${piece.level}`;
    const found = wholeSite
      ? await db.query<{ data: Buffer }>({
          text: `SELECT data FROM ${table} WHERE start >= $1 AND start < $2 AND scope = ${SITE_SCOPE} AND metric = $3`,
          values: [piece.from, piece.to, metricNumber(filter.metric)],
        })
      : await db.query<{ data: Buffer }>({
          text: `SELECT a.data FROM ${table} a JOIN perf_rollup_keys k ON k.id = a.scope
                  WHERE a.start >= $1 AND a.start < $2 AND a.metric = $3
                    AND ($4::text IS NULL OR k.vertical = $4)
                    AND ($5::text IS NULL OR k.page_id = $5)
                    AND ($6::text IS NULL OR k.sub_page_id = $6)`,
          values: [piece.from, piece.to, metricNumber(filter.metric), filter.vertical ?? null, filter.pageId ?? null, filter.subPageId ?? null],
        });
    for (const row of found.rows) out.push(row.data);
  }
  return out;
}
