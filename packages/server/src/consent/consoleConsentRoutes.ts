import type { FastifyInstance } from 'fastify';
import type { ConsentSummary } from './contract.js';
import type { ConsentService } from './createConsentService.js';
import type { ConsentQuery } from './ports.js';

/** What the console's consent routes need. */
export interface ConsoleConsentOptions {
  consent: Pick<ConsentQuery, 'consentSummary'>;
  service: ConsentService;
}

const DAY = 86_400_000;

/**
 * `GET /console/api/consent/summary?days=N`: visitors per UTC day by choice and per purpose, for
 * the last N days (1..366, default 30). Registered by the console plugin (console/consoleApi.ts)
 * with the prefix `/consent`, behind its token check.
 */
export async function consoleConsentRoutes(app: FastifyInstance, options: ConsoleConsentOptions): Promise<void> {
  app.get<{ Querystring: { days?: string } }>(
    '/summary',
    {
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          // query values are strings (no coercion): 1..366 by pattern
          properties: { days: { type: 'string', pattern: '^(36[0-6]|3[0-5][0-9]|[12][0-9]{2}|[1-9][0-9]?)$' } },
        },
      },
    },
    async (request): Promise<ConsentSummary> => {
      const days = request.query.days === undefined ? 30 : Number(request.query.days);
      const until = Math.ceil((Date.now() + 1) / DAY) * DAY;
      const summary = await options.consent.consentSummary({ since: until - days * DAY, until });
      return { days: summary, purposes: options.service.purposes(), vendors: options.service.vendors() };
    },
  );
}
