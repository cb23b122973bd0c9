import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireFormToken } from '../http/authFailures.js';
import { requireSameOrigin } from '../http/sameOrigin.js';
import { rejectReservedKeys } from '../http/strictInput.js';
import { readableSchemaErrors } from '../http/readableSchemaErrors.js';
import type { ConsentChoicesBody } from './contract.js';
import type { ConsentService } from './createConsentService.js';
import { consentChoicesSchema } from './validateChoices.js';
import type { VisitorConsent } from './visitorConsent.js';
import { tcfInRegime } from './visitorConsent.js';
import { setVisitorCookie, visitorOrNew } from './visitorCookie.js';

export { CONSENT_COOKIE } from './visitorCookie.js';

/** What the consent routes need from the app. */
export interface ConsentRoutesOptions {
  service: ConsentService;
  /** The request's place and regime: outside the TCF regime GDPR does not apply. */
  visitor: VisitorConsent;
}

/**
 * `GET` and `POST /i/api/iabtcf/v1/consent` (both behind the session's form token in X-CSRF)
 * and the public `GET /i/api/iabtcf/v1/vendors` the banner's settings panel lists.
 */
export async function consentRoutes(app: FastifyInstance, options: ConsentRoutesOptions): Promise<void> {
  const { service, visitor } = options;

  const requireCsrfHeader = (request: FastifyRequest) => requireFormToken(request, request.headers['x-csrf']);

  const noStore = (reply: FastifyReply) => reply.header('Cache-Control', 'no-store');

  app.get('/i/api/iabtcf/v1/consent', { onRequest: requireCsrfHeader }, async (request, reply) => {
    noStore(reply);
    return visitor.tcfFor(request);
  });

  app.post<{ Body: ConsentChoicesBody }>(
    '/i/api/iabtcf/v1/consent',
    {
      onRequest: [requireSameOrigin, requireCsrfHeader],
      preValidation: rejectReservedKeys,
      schema: { body: consentChoicesSchema },
      schemaErrorFormatter: readableSchemaErrors,
    },
    async (request, reply) => {
      const visitorId = visitorOrNew(request);
      const place = visitor.placeOf(request);
      const data = await service.save(visitorId, request.body, request.headers['user-agent'] ?? null, place.country);
      // Set (or refreshed) only once the choice is stored, so the cookie never points at nothing.
      setVisitorCookie(request, reply, visitorId);
      noStore(reply);
      return tcfInRegime(data, visitor.regimeOf(request));
    },
  );

  // Revalidated on every use (304 while unchanged): a list cached past a change of the site's
  // vendors would show the visitor other vendors than the ones their choice is stored against.
  app.get('/i/api/iabtcf/v1/vendors', async (request, reply) => {
    reply.header('Cache-Control', 'no-cache').header('ETag', service.vendorListTag);
    if (request.headers['if-none-match'] === service.vendorListTag) return reply.code(304).send();
    return service.vendorList();
  });
}
