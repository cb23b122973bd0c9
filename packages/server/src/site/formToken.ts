import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Name of the session cookie the form token is bound to. */
export const SESSION_COOKIE = 'tarmac_sid';

const SID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The form token of a session: HMAC-SHA256(secret, sid) in base64url, 43 characters (the spec
 * wants a non-empty string under 100). Deriving it instead of storing it keeps any number of
 * stateless server instances in agreement with only the shared secret.
 */
export function formTokenFor(sessionSecret: string, sid: string): string {
  return createHmac('sha256', sessionSecret).update(sid).digest('base64url');
}

/** The request's session id, if it carries a well-formed one. */
export function readSessionId(request: FastifyRequest): string | null {
  const sid = request.cookies[SESSION_COOKIE];
  return sid !== undefined && SID_PATTERN.test(sid) ? sid : null;
}

/**
 * Returns the page's session id, issuing a new cookie when the request has none. HttpOnly keeps
 * scripts away from it; SameSite=Lax keeps other sites' posts from carrying it.
 */
export function ensureSession(request: FastifyRequest, reply: FastifyReply): string {
  const existing = readSessionId(request);
  if (existing) return existing;
  const sid = randomBytes(32).toString('base64url');
  reply.setCookie(SESSION_COOKIE, sid, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
  return sid;
}

/**
 * Checks a form token (the `X-CSRF` header) against the request's session cookie. Endpoints that
 * change a visitor's state (consent, signals) call this; a page from another site can neither
 * read the token nor make the browser send a matching cookie.
 */
export function createFormTokenVerifier(sessionSecret: string) {
  return function verifyFormToken(request: FastifyRequest, token: string | undefined): boolean {
    const sid = readSessionId(request);
    if (!sid || typeof token !== 'string' || token.length === 0) return false;
    const expected = Buffer.from(formTokenFor(sessionSecret, sid));
    const given = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
}

/** The verifier's type, as decorated on the app (`app.verifyFormToken`). */
export type VerifyFormToken = ReturnType<typeof createFormTokenVerifier>;
