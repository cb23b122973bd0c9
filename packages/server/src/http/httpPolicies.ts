import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { handleClientError } from './clientErrors.js';
import { registerDraining } from './draining.js';
import { handleError, registerErrorHandler } from './errorHandler.js';
import type { RateLimitSettings } from './rateLimits.js';
import { registerRateLimits } from './rateLimits.js';

/** How the server meets the open internet; `main.ts` fills it from the environment. */
export interface HttpPolicyOptions {
  /**
   * The proxies whose `X-Forwarded-For` (and `-Proto`, `-Host`) are believed, as IPs or CIDRs
   * (TRUST_PROXY). Without any, a client is its socket address and those headers are ignored.
   */
  trustProxy?: string[];
  /** Per-client limits; see rateLimits.ts for the defaults. */
  rateLimits?: RateLimitSettings;
}

/**
 * The Fastify constructor options this module owns: whom to believe about the client's address,
 * our JSON shape for the failures Fastify and Node answer before any route or hook (malformed
 * URLs, oversize headers, non-HTTP bytes), and no 503 body of Fastify's own while draining.
 */
export function httpServerOptions(options: HttpPolicyOptions): Partial<FastifyServerOptions> {
  return {
    trustProxy: options.trustProxy?.length ? options.trustProxy : false,
    frameworkErrors: handleError,
    clientErrorHandler: handleClientError,
    return503OnClosing: false,
    // Every body here is small; a request still arriving after this long is holding a socket
    // (and a clean shutdown) hostage. Node answers it 408 through clientErrorHandler.
    requestTimeout: 30_000,
  };
}

/**
 * Installs the error replies, the drain on close and the rate limits. Call first thing after
 * `Fastify()`: the rate limits find ingest routes as they are registered, and the drain's hook
 * must run before any other.
 */
export async function registerHttpPolicies(app: FastifyInstance, options: HttpPolicyOptions): Promise<void> {
  registerErrorHandler(app);
  registerDraining(app);
  await registerRateLimits(app, options.rateLimits);
}
