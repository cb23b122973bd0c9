import type { FastifyRequest } from 'fastify';
import { errorCodes } from './errorCodes.js';
import type { HttpError } from './httpError.js';
import { httpError } from './httpError.js';
import type { AuthFailureKind } from './rateLimits.js';
import { rateLimited } from './rateLimits.js';

/**
 * Refuses a request whose token was wrong. The failure is counted per client (rateLimits.ts);
 * once a client is over its limit the refusal is a 429 with `Retry-After` instead of `error`,
 * so a guesser is told to stop and a client that honours it slows to the limit. A correct token
 * is never counted nor refused, so an operator's console keeps working from a busy address.
 */
export async function refuseToken(request: FastifyRequest, kind: AuthFailureKind, error: HttpError): Promise<never> {
  const app = request.server;
  const wait = app.hasDecorator('authFailureWait') ? await app.authFailureWait(request, kind) : undefined;
  throw wait === undefined ? error : rateLimited('failed tokens', wait);
}

/**
 * Checks the session's form token (consent's `X-CSRF` header, signals' `token` field), the same
 * way and with the same failure wherever a visitor's state changes.
 */
export async function requireFormToken(request: FastifyRequest, token: unknown): Promise<void> {
  if (request.server.verifyFormToken(request, typeof token === 'string' ? token : undefined)) return;
  await refuseToken(request, 'formToken', httpError(errorCodes.BAD_FORM_TOKEN, "A form token of this session is required (the page's <meta name=\"form-token\">)"));
}
