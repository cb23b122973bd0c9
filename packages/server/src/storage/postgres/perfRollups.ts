import type pg from 'pg';
import type { PerfReport } from '../../perf/contract.js';
import { NUMBER_COLUMNS, VITAL_FIELDS, perfRollupDeltas, sketchEncoder } from '../../perf/perfRollup.js';
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

/** One data-modifying (or locking) CTE per level, read in level order by the final UNION ALL. */
function perLevel(statement: (level: RollupLevel) => string): string {
  const ctes = LEVELS.map((level) => `, ${level} AS (${statement(level)})`).join('\n');
  return `${ctes}\n SELECT * FROM ${LEVELS.join(' UNION ALL SELECT * FROM ')}`;
}

// Named, so each connection plans them once: they are the same text on every write.
const INSERT_MISSING = statement('perf-rollup-insert', `WITH d AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS d(level TEXT, ${recordColumns}))
     ${perLevel((level) => `INSERT INTO perf_rollup_${level} (${columnList}, sketches)
        SELECT ${columnList}, decode(sketches, 'base64') FROM d WHERE level = '${level}' ORDER BY start, key_id
        ON CONFLICT (start, key_id) DO NOTHING
        RETURNING '${level}' AS level, start, key_id`)}`);
const LOCK_EXISTING = statement('perf-rollup-lock', `WITH k AS (SELECT * FROM unnest($1::text[], $2::bigint[], $3::int[]) AS k(level, start, key_id))
     ${perLevel((level) => `SELECT '${level}' AS level, t.start, t.key_id, t.sketches FROM perf_rollup_${level} t
        JOIN k ON k.level = '${level}' AND t.start = k.start AND t.key_id = k.key_id
       ORDER BY t.start, t.key_id FOR UPDATE OF t`)}`);
const UPDATE_EXISTING = statement('perf-rollup-update', `WITH d AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS d(level TEXT, ${recordColumns}))
     ${perLevel((level) => `UPDATE perf_rollup_${level} t
         SET ${NUMBER_COLUMNS.map((c) => `${c} = t.${c} + d.${c}`).join(', ')}, sketches = decode(d.sketches, 'base64')
        FROM d WHERE d.level = '${level}' AND t.start = d.start AND t.key_id = d.key_id
       RETURNING 1 AS level, 0::bigint AS start, 0 AS key_id`)}`);

function statement(name: string, text: string): (values: unknown[]) => pg.QueryConfig {
  return (values) => ({ name, text, values });
}

/**
 * Adds `reports` (the ones this transaction really stored) to every level's rows, in the caller's
 * transaction. Every level is written now rather than compacted from finer rows later: no
 * compactor can race a late write from another instance, and a re-seeded past is right at once.
 * Writers on other instances may add to the same rows, so the write is race-free: missing rows
 * are inserted whole (ON CONFLICT DO NOTHING), the others locked FOR UPDATE, their sketches merged
 * here, and updated with the numbers summed by SQL. Rows are locked in one order, level by level
 * (minute, hour, day: the order of the CTEs, which the UNION ALL reads one after the other), by
 * (start, key) within a level, so concurrent writers do not deadlock. Three statements in all,
 * whatever the number of rows: round trips, not rows, are what a batch pays for here.
 */
export async function writePerfRollups(db: Queryable, reports: readonly PerfReport[], keys: PerfKeyCache): Promise<void> {
  if (reports.length === 0) return;
  const deltas = perfRollupDeltas(reports);
  const ids = await resolveKeys(db, deltas, keys);
  const encode = sketchEncoder();
  const rows = deltas
    .map((delta) => ({ delta, keyId: ids.get(pgText(delta.dims))!, added: encode(delta.stats) }))
    .sort((a, b) => LEVELS.indexOf(a.delta.level) - LEVELS.indexOf(b.delta.level) || a.delta.start - b.delta.start || a.keyId - b.keyId);
  const rowKey = (level: string, start: number, keyId: number) => `${level} ${start} ${keyId}`;
  const { rows: inserted } = await db.query<{ level: RollupLevel; start: number; key_id: number }>(
    INSERT_MISSING([pgJson(rows.map(({ delta, keyId, added }) => record(delta, keyId, added)))]),
  );
  const done = new Set(inserted.map((row) => rowKey(row.level, row.start, row.key_id)));
  const existing = rows.filter(({ delta, keyId }) => !done.has(rowKey(delta.level, delta.start, keyId)));
  if (existing.length === 0) return;
  const { rows: locked } = await db.query<{ level: RollupLevel; start: number; key_id: number; sketches: Buffer }>(
    LOCK_EXISTING([existing.map((row) => row.delta.level), existing.map((row) => row.delta.start), existing.map((row) => row.keyId)]),
  );
  const stored = new Map(locked.map((row) => [rowKey(row.level, row.start, row.key_id), row.sketches]));
  await db.query(
    UPDATE_EXISTING([
      pgJson(
        existing.map(({ delta, keyId, added }) => {
          const before = stored.get(rowKey(delta.level, delta.start, keyId));
          return record(delta, keyId, before ? mergeEncodedSketches(before, added, VITAL_FIELDS.length) : added);
        }),
      ),
    ]),
  );
}

function record(delta: PerfRollupDelta, keyId: number, sketches: Buffer): Record<string, unknown> {
  const out: Record<string, unknown> = { level: delta.level, start: delta.start, key_id: keyId, sketches: sketches.toString('base64') };
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
        values: (values as Array<number | string>).map(Number),
        sketches: sketches as Buffer,
      });
    }
  }
  return rows;
}
