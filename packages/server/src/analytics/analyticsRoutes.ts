import type { FastifyInstance } from 'fastify';
import type { AnalyticsBatchBody, AnalyticsHitBody } from './contract.js';
import { analyticsBatchSchema } from './schemas.js';
import { requireItemsOrDrops, toStoredDrops } from '../drops/dropContract.js';
import { requireSameOrigin } from '../http/sameOrigin.js';
import { rejectReservedKeys, wellFormed } from '../http/strictInput.js';
import { readableSchemaErrors } from '../http/readableSchemaErrors.js';
import type { AnalyticsIngest } from './ports.js';

// The free-text fields (label, string params) as stored: unpaired surrogates become U+FFFD.
function withWellFormedText(hit: AnalyticsHitBody): AnalyticsHitBody {
  const out = { ...hit };
  if (hit.label !== undefined) out.label = wellFormed(hit.label);
  if (hit.params) out.params = Object.fromEntries(Object.entries(hit.params).map(([k, v]) => [k, typeof v === 'string' ? wellFormed(v) : v]));
  return out;
}

/** What the analytics collector needs from the app. */
export interface AnalyticsRoutesOptions {
  ingest: AnalyticsIngest;
}

/**
 * `POST /a/api/analytics/events`: a batch of page views and events, as JSON from the page's
 * transport or as `text/plain` from its beacon (the app parses both the same way). Validated
 * by schema, stored in one transaction with the server's receive time together with the page's
 * drop report, each hit once per id whatever the retries, answered `{accepted}` (the number of
 * hits in the body, re-sent ones included: they are stored).
 */
export async function analyticsRoutes(app: FastifyInstance, options: AnalyticsRoutesOptions): Promise<void> {
  app.post<{ Body: AnalyticsBatchBody }>(
    '/a/api/analytics/events',
    {
      onRequest: requireSameOrigin,
      preValidation: rejectReservedKeys,
      schema: { body: analyticsBatchSchema },
      schemaErrorFormatter: readableSchemaErrors,
    },
    async (request) => {
      const { events, dropped } = request.body;
      requireItemsOrDrops(events, dropped, 'events');
      const receivedAt = Date.now();
      await options.ingest.insertAnalyticsHits(
        events.map((event) => ({ ...withWellFormedText(event), receivedAt })),
        toStoredDrops(dropped, 'analytics', null, receivedAt),
      );
      return { accepted: events.length };
    },
  );
}
