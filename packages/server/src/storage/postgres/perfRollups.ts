import type { PerfReport } from '../../perf/contract.js';
import { attributionDeltas } from '../../perf/attribution/attributionDeltas.js';
import { NUMBER_COLUMNS, VITAL_FIELDS, perfRollupDeltas } from '../../perf/perfRollup.js';
import type { PerfRollupDelta } from '../../perf/perfRollup.js';
import { sketchEncoder } from '../../perf/perfRollupEncoders.js';
import type { PerfRollupFilter, PerfRollupRow } from '../../perf/ports.js';
import { MAX_SEGMENTS, foldSketches } from '../../rollups/sketchCodec.js';
import { LEVELS } from '../../rollups/timeGrid.js';
import type { RollupLevel } from '../../rollups/timeGrid.js';
import { pgJson, pgText, type Queryable } from './db.js';
import { upsertAttributionRollups } from './perfAttributionRollups.js';
import { resolvePerfKeys } from './perfRollupKeys.js';
import type { PerfKeyCache } from './perfRollupKeys.js';
import { PERF_RAW_INSERT, toRow } from './perfRows.js';

const SUMS = new Set(NUMBER_COLUMNS.filter((c) => c.endsWith('_ms')));
const recordColumns = [
  'start BIGINT',
  'key_id INT',
  ...NUMBER_COLUMNS.map((c) => `${c} ${SUMS.has(c) ? 'FLOAT8' : 'BIGINT'}`),
  'sketches TEXT',
].join(', ');
const columnList = ['start', 'key_id', ...NUMBER_COLUMNS].join(', ');

/** One data-modifying CTE per level, read in level order by the final UNION ALL. */
function perLevel(statement: (level: RollupLevel) => string, where: string): string {
  const ctes = LEVELS.map((level) => `, ${level} AS (${statement(level)})`).join('\n');
  return `${ctes}\n SELECT * FROM ${LEVELS.map((level) => `${level} WHERE ${where}`).join(' UNION ALL SELECT * FROM ')}`;
}

// The SQL form of mergeEncodedSketches' append: the segment counts (first bytes) summed, the new
// blob's segments after the stored ones. Only this transaction's fold can bring it back to one.
const APPEND_SKETCHES = `set_byte(t.sketches, 0, get_byte(t.sketches, 0) + get_byte(excluded.sketches, 0)) || substring(excluded.sketches FROM 2)`;

// The rollup rows of a write as a CTE `d`, from the JSON parameter `$n` (rows of {@link record}).
const rollupRows = (n: number) => `d AS (SELECT * FROM jsonb_to_recordset($${n}::jsonb) AS d(level TEXT, ${recordColumns}))`;
// One upsert CTE per level; a row's blob comes back only when it needs a fold.
const UPSERTS = perLevel(
  (level) => `INSERT INTO perf_rollup_${level} AS t (${columnList}, sketches)
        SELECT ${columnList}, decode(sketches, 'base64') FROM d WHERE level = '${level}' ORDER BY start, key_id
        ON CONFLICT (start, key_id) DO UPDATE SET ${NUMBER_COLUMNS.map((c) => `${c} = t.${c} + excluded.${c}`).join(', ')},
          sketches = ${APPEND_SKETCHES}
        RETURNING '${level}' AS level, start, key_id, CASE WHEN get_byte(sketches, 0) > ${MAX_SEGMENTS} THEN sketches END AS sketches`,
  'sketches IS NOT NULL',
);
// Named, so each connection plans them once: each is the same text on every write. WRITE takes
// the raw rows (perfRows.ts) as $1 and the rollup rows as $2; UPSERT only the rollup rows.
const WRITE = { name: 'perf-write-with-rollups', text: `WITH raw AS (${PERF_RAW_INSERT}),\n ${rollupRows(2)}\n ${UPSERTS}` };
const UPSERT = { name: 'perf-rollup-upsert', text: `WITH ${rollupRows(1)}\n ${UPSERTS}` };
// The folded blobs of rows this transaction has locked already (the upsert did), so it waits on
// no one. Nothing reads the CTEs: data-modifying CTEs run to completion all the same.
const FOLD = {
  name: 'perf-rollup-fold',
  text: `WITH f AS (SELECT * FROM unnest($1::text[], $2::bigint[], $3::int[], $4::bytea[]) AS f(level, start, key_id, sketches))
     ${LEVELS.map(
       (level) => `, ${level} AS (UPDATE perf_rollup_${level} t SET sketches = f.sketches
        FROM f WHERE f.level = '${level}' AND t.start = f.start AND t.key_id = f.key_id)`,
     ).join('\n')}
     SELECT 1`,
};

/**
 * Stores `reports` (the ones this transaction claimed, see newItems) and adds them to every
 * level's rows, in the caller's transaction and in one statement: the raw INSERT and an upsert
 * per level as CTEs. Every level is written now rather than compacted from finer rows later: no
 * compactor can race a late write from another instance, and a re-seeded past is right at once.
 * Writers on other instances may add to the same rows, so the upsert does all the merging under
 * the row lock ON CONFLICT takes: SQL sums the numbers and appends the new sketch segment to the
 * blob. Rows are locked in one order, level by level (minute, hour, day: the order of the CTEs,
 * which the UNION ALL reads one after the other), by (start, key) within a level, so concurrent
 * writers do not deadlock. A blob past MAX_SEGMENTS segments comes back and is folded into one
 * here, still under this transaction's lock, by a second statement: about one write in
 * MAX_SEGMENTS per row pays it, so no committed blob holds more than MAX_SEGMENTS segments.
 */
export async function writePerfReportsWithRollups(db: Queryable, reports: readonly PerfReport[], keys: PerfKeyCache): Promise<void> {
  if (reports.length === 0) return;
  await upsertRollups(db, perfRollupDeltas(reports), keys, WRITE, [pgJson(reports.map(toRow))]);
}

/**
 * Adds `deltas` (every level's rows, see levelDeltas) to the rollups in the caller's transaction,
 * merging and folding as {@link writePerfReportsWithRollups} does: what a flush of the pending
 * minutes of direct ingest writes (perfPendingRollups.ts).
 */
export async function addPerfRollups(db: Queryable, deltas: readonly PerfRollupDelta[], keys: PerfKeyCache): Promise<void> {
  if (deltas.length === 0) return;
  await upsertRollups(db, deltas, keys, UPSERT, []);
}

async function upsertRollups(
  db: Queryable,
  deltas: readonly PerfRollupDelta[],
  keys: PerfKeyCache,
  statement: { name: string; text: string },
  leading: unknown[],
): Promise<void> {
  const ids = await resolvePerfKeys(db, deltas, keys);
  const encode = sketchEncoder();
  const rows = deltas.map((delta) => record(delta, ids.get(pgText(delta.dims))!, encode(delta.stats)));
  const { rows: full } = await db.query<{ level: RollupLevel; start: number; key_id: number; sketches: Buffer }>({
    ...statement,
    // The rollup rows hold no text from clients (level names, base64), so plain JSON will do:
    // pgJson's per-value check cost more than the rest of their encoding.
    values: [...leading, JSON.stringify(rows)],
  });
  if (full.length > 0) {
    await db.query({
      ...FOLD,
      values: [full.map((row) => row.level), full.map((row) => row.start), full.map((row) => row.key_id), full.map((row) => foldSketches(row.sketches, VITAL_FIELDS.length))],
    });
  }
  // The same deltas' attribution rows (the page's and the whole site's), locked after these.
  await upsertAttributionRollups(db, attributionDeltas(deltas), (dims) => ids.get(pgText(dims))!);
}

function record(delta: PerfRollupDelta, keyId: number, sketches: Buffer): Record<string, unknown> {
  const out: Record<string, unknown> = {
    level: delta.level,
    start: delta.start,
    key_id: keyId,
    sketches: sketches.toString('base64'),
  };
  NUMBER_COLUMNS.forEach((column, i) => (out[column] = delta.stats.values[i]));
  return out;
}

/**
 * The rollup rows of every piece of the filter: one indexed range query per piece. Without a
 * family, the page rows of every report (browser NULL); with one, that family's rows.
 */
export async function readPerfRollups(db: Queryable, filter: PerfRollupFilter): Promise<PerfRollupRow[]> {
  const rows: PerfRollupRow[] = [];
  for (const piece of filter.pieces) {
    const found = await db.query<unknown[]>({
      text: `SELECT r.start, k.vertical, k.page_id, k.sub_page_id, r.sketches, ${NUMBER_COLUMNS.map((c) => `r.${c}`).join(', ')}
               FROM perf_rollup_${piece.level} r JOIN perf_rollup_keys k ON k.id = r.key_id
              WHERE r.start >= $1 AND r.start < $2
                AND ($3::text IS NULL OR k.vertical = $3)
                AND ($4::text IS NULL OR k.page_id = $4)
                AND ($5::text IS NULL OR k.sub_page_id = $5)
                AND k.browser IS NOT DISTINCT FROM $6::text`,
      values: [piece.from, piece.to, filter.vertical ?? null, filter.pageId ?? null, filter.subPageId ?? null, filter.browser ?? null],
      rowMode: 'array',
    });
    for (const [start, vertical, pageId, subPageId, sketches, ...values] of found.rows) {
      rows.push({
        start: start as number,
        page: { vertical: vertical as string | null, pageId: pageId as string | null, subPageId: subPageId as string | null },
        values: (values as Array<number | string>).map(Number),
        sketches: sketches as Buffer,
      });
    }
  }
  return rows;
}
