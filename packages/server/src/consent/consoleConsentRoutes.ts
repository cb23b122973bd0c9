import type { FastifyInstance } from 'fastify';
import type { ConsentSummary } from './contract.js';
import type { ConsentService } from './createConsentService.js';
import type { ConsentQuery } from './ports.js';
import { legacyWindowQuery, timeWindow, windowProperties } from '../http/timeWindow.js';
import type { WindowQuery } from '../http/timeWindow.js';
import { DAY_MS, bucketStart } from '../rollups/timeGrid.js';

/** What the console's consent routes need. */
export interface ConsoleConsentOptions {
  consent: Pick<ConsentQuery, 'consentSummary' | 'consentCountries'>;
  service: ConsentService;
}

/**
 * `GET /console/api/consent/summary?from=&to=`: visitors per UTC day by choice and per purpose,
 * for every UTC day the window touches (choices are counted per visitor and day, so no finer
 * bucket exists), and per country over the whole of those days: TCF choices beside US opt-outs
 * and GPC. Older consoles send `days=N` (1..366): the last N UTC days, today included.
 * Without either, the last 30 days. Registered by the console plugin (console/consoleApi.ts)
 * with the prefix `/consent`, behind its token check.
 */
export async function consoleConsentRoutes(app: FastifyInstance, options: ConsoleConsentOptions): Promise<void> {
  app.get<{ Querystring: WindowQuery & { days?: string } }>(
    '/summary',
    {
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          // query values are strings (no coercion): 1..366 by pattern
          properties: { ...windowProperties, days: { type: 'string', pattern: '^(36[0-6]|3[0-5][0-9]|[12][0-9]{2}|[1-9][0-9]?)$' } },
        },
      },
    },
    async (request): Promise<ConsentSummary> => {
      const now = Date.now();
      const query = request.query.from || request.query.to || request.query.days ? request.query : { days: '30' };
      const { from, to } = timeWindow(legacyWindowQuery(query, now), now);
      const range = { since: bucketStart(from, DAY_MS), until: bucketStart(to - 1, DAY_MS) + DAY_MS };
      const [days, countries] = await Promise.all([options.consent.consentSummary(range), options.consent.consentCountries(range)]);
      return { days, countries, purposes: options.service.purposes(), vendors: options.service.vendors() };
    },
  );
}
