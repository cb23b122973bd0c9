import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireFormToken } from '../http/authFailures.js';
import { readableSchemaErrors } from '../http/readableSchemaErrors.js';
import { requireSameOrigin } from '../http/sameOrigin.js';
import { rejectReservedKeys } from '../http/strictInput.js';
import { sendsGpc } from './regime.js';
import type { UsnatChoicesBody } from './usnatContract.js';
import { usnatChoicesSchema, usnatDataSchema } from './usnatContract.js';
import type { UsnatService } from './usnatService.js';
import type { VisitorConsent } from './visitorConsent.js';
import { setVisitorCookie, visitorOf, visitorOrNew } from './visitorCookie.js';

/** The US choices endpoint, as the platform's consent/gpp calls it. */
export const USNAT_URL = '/i/api/gpp/v1/usnat';

/** What the US routes need from the app. */
export interface UsnatRoutesOptions {
  usnat: UsnatService;
  visitor: VisitorConsent;
}

/**
 * `GET` and `POST /i/api/gpp/v1/usnat`: a visitor's US National choices (sale, sharing, targeted
 * advertising), behind the session's form token in X-CSRF like the TCF routes, stored under the
 * same `tarmac_consent` visitor cookie. `Sec-GPC: 1` opts out without a click (usnatService.ts).
 */
export async function usnatRoutes(app: FastifyInstance, options: UsnatRoutesOptions): Promise<void> {
  const { usnat, visitor } = options;
  const requireCsrfHeader = (request: FastifyRequest) => requireFormToken(request, request.headers['x-csrf']);
  const response = { 200: usnatDataSchema };

  app.get(USNAT_URL, { onRequest: requireCsrfHeader, schema: { response } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return usnat.usnatFor(visitorOf(request), sendsGpc(request.headers));
  });

  app.post<{ Body: UsnatChoicesBody }>(
    USNAT_URL,
    {
      onRequest: [requireSameOrigin, requireCsrfHeader],
      preValidation: rejectReservedKeys,
      schema: { body: usnatChoicesSchema, response },
      schemaErrorFormatter: readableSchemaErrors,
    },
    async (request, reply) => {
      const visitorId = visitorOrNew(request);
      const data = await usnat.save(visitorId, request.body, {
        place: visitor.placeOf(request),
        gpc: sendsGpc(request.headers),
        userAgent: request.headers['user-agent'] ?? null,
      });
      setVisitorCookie(request, reply, visitorId);
      reply.header('Cache-Control', 'no-store');
      return data;
    },
  );
}
