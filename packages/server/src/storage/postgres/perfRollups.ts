import type { PerfReport } from '../../perf/contract.js';
import { NUMBER_COLUMNS, VITAL_FIELDS, encodeStatsSketches, perfRollupDeltas, statsFromRow } from '../../perf/perfRollup.js';
import type { PerfRollupDelta } from '../../perf/perfRollup.js';
import type { PerfRollupFilter, PerfRollupRow } from '../../perf/ports.js';
import { mergeEncodedSketches } from '../../rollups/sketchCodec.js';
import { LEVELS } from '../../rollups/timeGrid.js';
import type { RollupLevel } from '../../rollups/timeGrid.js';
import { pgJson, pgText, queryRows, type Queryable } from './db.js';

/** Page ids by `dims`, only those read back as committed rows (see {@link resolveKeys}). */
export type PerfKeyCache = Map<string, number>;

const SUMS = new Set(NUMBER_COLUMNS.filter((c) => c.endsWith('_ms')));
const recordColumns = [
  'start BIGINT',
  'key_id INT',
  ...NUMBER_COLUMNS.map((c) => `${c} ${SUMS.has(c) ? 'FLOAT8' : 'BIGINT'}`),
  'sketches TEXT',
].join(', ');
const columnList = ['start', 'key_id', ...NUMBER_COLUMNS].join(', ');

interface Keyed {
  delta: PerfRollupDelta;
  keyId: number;
}

/**
 * Adds `reports` (the ones this transaction really stored) to every level's rows, in the caller's
 * transaction. Every level is written now rather than compacted from finer rows later: no
 * compactor can race a late write from another instance, and a re-seeded past is right at once.
 * Writers on other instances may add to the same rows, so each level goes race-free: missing
 * rows are inserted whole (ON CONFLICT DO NOTHING, sorted), the others are locked FOR UPDATE in
 * (start, key) order, their sketches merged here, and updated with the numbers summed by SQL.
 */
export async function writePerfRollups(db: Queryable, reports: readonly PerfReport[], keys: PerfKeyCache): Promise<void> {
  if (reports.length === 0) return;
  const deltas = perfRollupDeltas(reports);
  const ids = await resolveKeys(db, deltas, keys);
  for (const level of LEVELS) {
    const rows = deltas
      .filter((delta) => delta.level === level)
      .map((delta) => ({ delta, keyId: ids.get(pgText(delta.dims))! }))
      .sort((a, b) => a.delta.start - b.delta.start || a.keyId - b.keyId);
    await upsertLevel(db, level, rows);
  }
}

async function upsertLevel(db: Queryable, level: RollupLevel, rows: Keyed[]): Promise<void> {
  const table = `perf_rollup_${level}`;
  const inserted = await queryRows<{ start: number; key_id: number }>(
    db,
    `INSERT INTO ${table} (${columnList}, sketches)
     SELECT ${columnList}, decode(sketches, 'base64') FROM jsonb_to_recordset($1::jsonb) AS d(${recordColumns})
      ORDER BY start, key_id
     ON CONFLICT (start, key_id) DO NOTHING
     RETURNING start, key_id`,
    [pgJson(rows.map(({ delta, keyId }) => record(delta, keyId, encodeStatsSketches(delta.stats))))],
  );
  const done = new Set(inserted.map((row) => `${row.start} ${row.key_id}`));
  const existing = rows.filter((row) => !done.has(`${row.delta.start} ${row.keyId}`));
  if (existing.length === 0) return;
  const locked = await queryRows<{ start: number; key_id: number; sketches: Buffer }>(
    db,
    `SELECT start, key_id, sketches FROM ${table}
      WHERE (start, key_id) IN (SELECT * FROM unnest($1::bigint[], $2::int[]))
      ORDER BY start, key_id
        FOR UPDATE`,
    [existing.map((row) => row.delta.start), existing.map((row) => row.keyId)],
  );
  const stored = new Map(locked.map((row) => [`${row.start} ${row.key_id}`, row.sketches]));
  await db.query(
    `UPDATE ${table} t SET ${NUMBER_COLUMNS.map((c) => `${c} = t.${c} + d.${c}`).join(', ')}, sketches = decode(d.sketches, 'base64')
       FROM jsonb_to_recordset($1::jsonb) AS d(${recordColumns})
      WHERE t.start = d.start AND t.key_id = d.key_id`,
    [
      pgJson(
        existing.map(({ delta, keyId }) => {
          const added = encodeStatsSketches(delta.stats);
          const before = stored.get(`${delta.start} ${keyId}`);
          return record(delta, keyId, before ? mergeEncodedSketches(before, added, VITAL_FIELDS.length) : added);
        }),
      ),
    ],
  );
}

function record(delta: PerfRollupDelta, keyId: number, sketches: Buffer): Record<string, unknown> {
  const out: Record<string, unknown> = { start: delta.start, key_id: keyId, sketches: sketches.toString('base64') };
  NUMBER_COLUMNS.forEach((column, i) => (out[column] = delta.stats.values[i]));
  return out;
}

/**
 * The id of every page in `deltas`, by its `dims` as stored. Missing keys are inserted (sorted,
 * so concurrent writers lock them in one order). Ids this transaction inserted are not cached:
 * it may still roll back, and a cached id of a key that never committed would orphan rows.
 */
async function resolveKeys(db: Queryable, deltas: readonly PerfRollupDelta[], cache: PerfKeyCache): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const missing = new Map<string, PerfRollupDelta['page']>();
  for (const delta of deltas) {
    const dims = pgText(delta.dims);
    const cached = cache.get(dims);
    if (cached !== undefined) ids.set(dims, cached);
    else missing.set(dims, delta.page);
  }
  if (missing.size === 0) return ids;
  const inserted = await queryRows<{ id: number; dims: string }>(
    db,
    `INSERT INTO perf_rollup_keys (dims, vertical, page_id, sub_page_id)
     SELECT dims, vertical, page_id, sub_page_id
       FROM jsonb_to_recordset($1::jsonb) AS k(dims TEXT, vertical TEXT, page_id TEXT, sub_page_id TEXT)
      ORDER BY dims
     ON CONFLICT (dims) DO NOTHING
     RETURNING id, dims`,
    [pgJson([...missing].map(([dims, page]) => ({ dims, vertical: page.vertical, page_id: page.pageId, sub_page_id: page.subPageId })))],
  );
  for (const row of inserted) ids.set(row.dims, row.id);
  const rest = [...missing.keys()].filter((dims) => !ids.has(dims));
  if (rest.length === 0) return ids;
  const found = await queryRows<{ id: number; dims: string }>(db, 'SELECT id, dims FROM perf_rollup_keys WHERE dims = ANY($1::text[])', [rest]);
  for (const row of found) {
    ids.set(row.dims, row.id);
    cache.set(row.dims, row.id);
  }
  return ids;
}

/** The rollup rows of every piece of the filter: one indexed range query per piece. */
export async function readPerfRollups(db: Queryable, filter: PerfRollupFilter): Promise<PerfRollupRow[]> {
  const rows: PerfRollupRow[] = [];
  for (const piece of filter.pieces) {
    const found = await db.query<unknown[]>({
      text: `SELECT r.start, k.vertical, k.page_id, k.sub_page_id, r.sketches, ${NUMBER_COLUMNS.map((c) => `r.${c}`).join(', ')}
               FROM perf_rollup_${piece.level} r JOIN perf_rollup_keys k ON k.id = r.key_id
              WHERE r.start >= $1 AND r.start < $2
                AND ($3::text IS NULL OR k.vertical = $3)
                AND ($4::text IS NULL OR k.page_id = $4)
                AND ($5::text IS NULL OR k.sub_page_id = $5)`,
      values: [piece.from, piece.to, filter.vertical ?? null, filter.pageId ?? null, filter.subPageId ?? null],
      rowMode: 'array',
    });
    for (const [start, vertical, pageId, subPageId, sketches, ...values] of found.rows) {
      rows.push({
        start: start as number,
        page: { vertical: vertical as string | null, pageId: pageId as string | null, subPageId: subPageId as string | null },
        stats: statsFromRow(values as number[], sketches as Buffer),
      });
    }
  }
  return rows;
}
