import type { PerfRollupDelta } from '../../perf/perfRollup.js';
import { pgJson, pgText, queryRows, type Queryable } from './db.js';

/** Page ids by `dims`, only those read back as committed rows (see {@link resolvePerfKeys}). */
export type PerfKeyCache = Map<string, number>;

/**
 * The id of every page in `deltas`, by its `dims` as stored. Missing keys are inserted (sorted,
 * so concurrent writers lock them in one order). Ids this transaction inserted are not cached:
 * it may still roll back, and a cached id of a key that never committed would orphan rows.
 */
export async function resolvePerfKeys(db: Queryable, deltas: readonly PerfRollupDelta[], cache: PerfKeyCache): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const missing = new Map<string, PerfRollupDelta>();
  for (const delta of deltas) {
    const dims = pgText(delta.dims);
    const cached = cache.get(dims);
    if (cached !== undefined) ids.set(dims, cached);
    else missing.set(dims, delta);
  }
  if (missing.size === 0) return ids;
  const inserted = await queryRows<{ id: number; dims: string }>(
    db,
    `INSERT INTO perf_rollup_keys (dims, vertical, page_id, sub_page_id, browser)
     SELECT dims, vertical, page_id, sub_page_id, browser
       FROM jsonb_to_recordset($1::jsonb) AS k(dims TEXT, vertical TEXT, page_id TEXT, sub_page_id TEXT, browser TEXT)
      ORDER BY dims
     ON CONFLICT (dims) DO NOTHING
     RETURNING id, dims`,
    [
      pgJson(
        [...missing].map(([dims, { page, browser }]) => ({ dims, vertical: page.vertical, page_id: page.pageId, sub_page_id: page.subPageId, browser })),
      ),
    ],
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
