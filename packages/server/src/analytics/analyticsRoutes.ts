import type { FastifyInstance } from 'fastify';
import type { AnalyticsBatch } from './contract.js';
import { analyticsBatchSchema } from './schemas.js';
import { requireItemsOrDrops, toStoredDrops } from '../drops/ingestDrops.js';
import { requireSameOrigin } from '../http/sameOrigin.js';
import type { Storage } from '../storage/types.js';

/** What the analytics collector needs from the app. */
export interface AnalyticsRoutesOptions {
  storage: Storage;
}

/**
 * `POST /a/api/analytics/events`: a batch of page views and events, as JSON from the page's
 * transport or as `text/plain` from its beacon (the app parses both the same way). Validated
 * by schema, stored in one transaction with the server's receive time together with the page's
 * drop report, answered `{accepted}` (the number of hits).
 */
export async function analyticsRoutes(app: FastifyInstance, options: AnalyticsRoutesOptions): Promise<void> {
  app.post<{ Body: AnalyticsBatch }>(
    '/a/api/analytics/events',
    { onRequest: requireSameOrigin, schema: { body: analyticsBatchSchema } },
    async (request) => {
      const { events, dropped } = request.body;
      requireItemsOrDrops(events, dropped, 'events');
      const receivedAt = Date.now();
      await options.storage.insertAnalyticsHits(
        events.map((event) => ({ ...event, receivedAt })),
        toStoredDrops(dropped, 'analytics', null, receivedAt),
      );
      return { accepted: events.length };
    },
  );
}
