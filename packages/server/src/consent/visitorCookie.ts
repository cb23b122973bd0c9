import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The first-party cookie that lets a returning visitor's choices (TCF and US) be found. */
export const CONSENT_COOKIE = 'tarmac_consent';
const VISITOR_ID = /^[A-Za-z0-9_-]{32}$/;
// The visitor is asked again after ~13 months anyway; the cookie need not outlive that.
const COOKIE_MAX_AGE_S = 395 * 86_400;

/** The visitor id of the request's consent cookie, if it carries a well-formed one. */
export function visitorOf(request: FastifyRequest): string | null {
  const id = request.cookies[CONSENT_COOKIE];
  return id !== undefined && VISITOR_ID.test(id) ? id : null;
}

/** The request's visitor id, or a new one for a visitor who has none yet. */
export function visitorOrNew(request: FastifyRequest): string {
  return visitorOf(request) ?? randomBytes(24).toString('base64url');
}

/** Sets (or refreshes) the cookie; called only once a choice is stored, so it never points at nothing. */
export function setVisitorCookie(request: FastifyRequest, reply: FastifyReply, visitorId: string): void {
  reply.setCookie(CONSENT_COOKIE, visitorId, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: COOKIE_MAX_AGE_S,
  });
}
