import { errorCodes } from './errorCodes.js';
import { httpError } from './httpError.js';
import { DAY_MS, HOUR_MS, MAX_WINDOW_MS, bucketFor } from '../rollups/timeGrid.js';
import type { TimeGrid } from '../rollups/timeGrid.js';

/** Query fields every dashboard endpoint takes: a receive-time window in epoch ms. */
export interface WindowQuery {
  from?: string;
  to?: string;
}

/** Querystring schema parts for {@link WindowQuery}: digits only, since coercion is off. */
export const windowProperties = {
  from: { type: 'string', pattern: '^[0-9]{1,15}$' },
  to: { type: 'string', pattern: '^[0-9]{1,15}$' },
} as const;

/**
 * The window of a dashboard query (the last 24 hours by default, at most 13 months) and the
 * bucket its charts use, by the one rule of `rollups/timeGrid.ts` that the rollups follow too.
 */
export function timeWindow(query: WindowQuery, now = Date.now()): TimeGrid {
  const to = query.to ? Number(query.to) : now;
  const from = query.from ? Number(query.from) : to - DAY_MS;
  if (from >= to) throw httpError(errorCodes.BAD_QUERY, 'from must be before to');
  if (to - from > MAX_WINDOW_MS) throw httpError(errorCodes.BAD_QUERY, 'a window spans at most 397 days (13 months)');
  return { from, to, bucketMs: bucketFor(to - from) };
}

/**
 * The window query of an older console that sent `hours=N` (signals) or `days=N` (consent)
 * instead of `from`/`to`: the last N hours ending now, or the last N UTC days, today included.
 * Used only by the routes that took those parameters, so old pages keep working.
 */
export function legacyWindowQuery(query: WindowQuery & { hours?: string; days?: string }, now = Date.now()): WindowQuery {
  if (query.from !== undefined || query.to !== undefined) return query;
  if (query.hours !== undefined) return { from: String(now - Number(query.hours) * HOUR_MS), to: String(now) };
  if (query.days !== undefined) {
    const startOfToday = Math.floor(now / DAY_MS) * DAY_MS;
    return { from: String(startOfToday - (Number(query.days) - 1) * DAY_MS), to: String(now) };
  }
  return query;
}
