import type { FastifyRequest } from 'fastify';
import { errorCodes } from './errorCodes.js';
import { httpError } from './httpError.js';

/**
 * Refuses writes another site's page makes in a visitor's browser. Browsers add `Origin` to
 * cross-site POSTs (beacons included), so a present Origin must name this host; requests without
 * one (curl, server-to-server, old browsers' same-origin posts) pass, since they carry no
 * ambient authority here anyway. `Origin: null` (sandboxed frames, file:) is refused.
 */
export async function requireSameOrigin(request: FastifyRequest): Promise<void> {
  const origin = request.headers.origin;
  if (origin === undefined) return;
  if (originHost(origin) !== request.host) {
    throw httpError(errorCodes.CROSS_ORIGIN, 'Cross-origin requests are not accepted here');
  }
}

/** The host[:port] an Origin header names, or null for 'null' and anything unparsable. */
function originHost(origin: string): string | null {
  try {
    return new URL(origin).host || null;
  } catch {
    return null;
  }
}
