import { errorCodes } from '../http/errorCodes.js';
import { httpError } from '../http/httpError.js';

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

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The window of a dashboard query (the last 24 hours by default, at most 90 days) and the
 * bucket size its charts use: 5 minutes up to 6 hours, hours up to 3 days, days beyond, so a
 * chart has between a dozen and a hundred-odd points.
 */
export function timeWindow(query: WindowQuery, now = Date.now()): { from: number; to: number; bucketMs: number } {
  const to = query.to ? Number(query.to) : now;
  const from = query.from ? Number(query.from) : to - DAY;
  if (from >= to) throw httpError(errorCodes.BAD_QUERY, 'from must be before to');
  if (to - from > 90 * DAY) throw httpError(errorCodes.BAD_QUERY, 'a window spans at most 90 days');
  const span = to - from;
  const bucketMs = span <= 6 * HOUR ? 5 * 60_000 : span <= 3 * DAY ? HOUR : DAY;
  return { from, to, bucketMs };
}
