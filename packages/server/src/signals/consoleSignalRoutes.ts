import type { FastifyInstance } from 'fastify';
import { legacyWindowQuery, timeWindow, windowProperties } from '../http/timeWindow.js';
import type { WindowQuery } from '../http/timeWindow.js';
import { bucketStart } from '../rollups/timeGrid.js';
import type { SignalQuery } from './ports.js';
import type { SignalKeyRing } from './signalKeyRing.js';

/** What the console's signal endpoints need. */
export interface ConsoleSignalRoutesOptions {
  signals: SignalQuery;
  /** The envelope keys, shown and rotated from here. */
  keys: SignalKeyRing;
  now?: () => number;
}

const summaryQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...windowProperties,
    // What older consoles send instead of from/to: 1..720 hours (30 days) ending now.
    hours: { type: 'string', pattern: '^(720|7[01][0-9]|[1-6]?[0-9]{1,2})$' },
  },
} as const;

const reportsQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { limit: { type: 'string', pattern: '^(200|1[0-9]{2}|[1-9][0-9]?)$' } },
} as const;

/**
 * `GET /console/api/signals/summary?from=&to=` (or the older `?hours=`), `GET /console/api/signals/reports?limit=`, and the
 * envelope keys: `GET /console/api/signals/key` (current and previous key ids, the grace period)
 * and `POST /console/api/signals/key/rotate` (a new current key; the old one is accepted for the
 * grace period).
 * Registered by the console plugin (console/consoleApi.ts) with the prefix `/signals`, behind its
 * token check.
 */
export async function consoleSignalRoutes(app: FastifyInstance, options: ConsoleSignalRoutesOptions): Promise<void> {
  const { signals, now = Date.now } = options;

  app.get<{ Querystring: WindowQuery & { hours?: string } }>('/summary', { schema: { querystring: summaryQuery } }, async (request) => {
    const at = now();
    const { from, bucketMs } = timeWindow(legacyWindowQuery(request.query, at), at);
    // The summary runs from the start of the window's first bucket up to now.
    return signals.signalSummary({ since: bucketStart(from, bucketMs), bucketMs });
  });

  app.get<{ Querystring: { limit?: string } }>('/reports', { schema: { querystring: reportsQuery } }, async (request) => ({
    reports: await signals.recentSignalReports(Number(request.query.limit ?? 50)),
  }));

  app.get('/key', async () => {
    await options.keys.refresh();
    return options.keys.state();
  });

  app.post('/key/rotate', async (request) => {
    const state = await options.keys.rotate();
    // Who rotated and to what, never the key itself.
    request.log.info({ kid: state.kid, previous: state.previous?.kid }, 'signals key rotated');
    return state;
  });
}
