import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireFormToken } from '../http/authFailures.js';
import { requireSameOrigin } from '../http/sameOrigin.js';
import { rejectReservedKeys } from '../http/strictInput.js';
import { readableSchemaErrors } from '../http/readableSchemaErrors.js';
import type { ConsentChoicesBody } from './contract.js';
import type { ConsentService } from './createConsentService.js';
import { consentChoicesSchema } from './validateChoices.js';

/** The first-party cookie that lets a returning visitor's choice be found. */
export const CONSENT_COOKIE = 'tarmac_consent';
const VISITOR_ID = /^[A-Za-z0-9_-]{32}$/;
// The visitor is asked again after ~13 months anyway; the cookie need not outlive that.
const COOKIE_MAX_AGE_S = 395 * 86_400;

/** What the consent routes need from the app. */
export interface ConsentRoutesOptions {
  service: ConsentService;
}

const visitorOf = (request: FastifyRequest): string | null => {
  const id = request.cookies[CONSENT_COOKIE];
  return id !== undefined && VISITOR_ID.test(id) ? id : null;
};

/**
 * `GET` and `POST /i/api/iabtcf/v1/consent` (both behind the session's form token in X-CSRF)
 * and the public `GET /i/api/iabtcf/v1/vendors` the banner's settings panel lists.
 */
export async function consentRoutes(app: FastifyInstance, options: ConsentRoutesOptions): Promise<void> {
  const { service } = options;

  const requireCsrfHeader = (request: FastifyRequest) => requireFormToken(request, request.headers['x-csrf']);

  const noStore = (reply: FastifyReply) => reply.header('Cache-Control', 'no-store');

  app.get('/i/api/iabtcf/v1/consent', { onRequest: requireCsrfHeader }, async (request, reply) => {
    noStore(reply);
    return service.consentFor(visitorOf(request));
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
      let visitorId = visitorOf(request);
      const data = await service.save(visitorId ?? (visitorId = randomBytes(24).toString('base64url')), request.body, request.headers['user-agent'] ?? null);
      // Set (or refreshed) only once the choice is stored, so the cookie never points at nothing.
      reply.setCookie(CONSENT_COOKIE, visitorId, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https',
        maxAge: COOKIE_MAX_AGE_S,
      });
      noStore(reply);
      return data;
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
