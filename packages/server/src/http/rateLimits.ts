import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import type { CounterPort } from './ports.js';
import { clientKey } from './clientKey.js';
import { counterStore } from './counterStore.js';
import type { RateLimitStore } from './counterStore.js';
import { errorCodes } from './errorCodes.js';
import { httpError } from './httpError.js';

/** Per-client limits; `config/httpConfig.ts` reads RATE_LIMIT_INGEST and RATE_LIMIT_CONSOLE_AUTH. */
export interface RateLimitSettings {
  /** Requests per minute per client on each ingest endpoint; 0 turns the limit off. */
  ingestPerMinute: number;
  /** Failed console tokens, and failed form tokens, per minute per client; 0 turns the limit off. */
  authFailuresPerMinute: number;
  /**
   * The store's shared counters (config/sharedSecrets.ts passes them when the store is shared by
   * several instances), so a client's count is the same on every instance; see counterStore.ts.
   */
  counters?: CounterPort;
  /** Another counter store; without it or `counters`, in this process's memory (one instance). */
  store?: RateLimitStore;
}

export const defaultRateLimits: RateLimitSettings = { ingestPerMinute: 1200, authFailuresPerMinute: 10 };

/** A token that was checked and refused: whose it was supposed to be. */
export type AuthFailureKind = 'console' | 'formToken';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Counts one refused token of this client and answers how many seconds it must now wait,
     * or undefined while it is under the limit. Correct tokens are never counted.
     */
    authFailureWait(request: FastifyRequest, kind: AuthFailureKind): Promise<number | undefined>;
  }
}

const MINUTE = 60_000;

/** The 429 of a client over a limit, with the seconds until its window ends. */
export const rateLimited = (what: string, seconds: number) =>
  httpError(errorCodes.RATE_LIMITED, `Too many ${what} from this client; retry in ${seconds} s`, seconds);

// Ingest is every public write: the POST routes outside the console (which is behind its token).
const isIngest = (route: RouteOptions): boolean =>
  [route.method].flat().includes('POST') && !route.url.startsWith('/console/');

const sharedCounters = (app: FastifyInstance, counters: CounterPort): RateLimitStore =>
  counterStore(counters, {
    onFailure: (error) => app.log.error({ err: error }, 'rate-limit counters unreachable; requests pass uncounted until they answer'),
    onRecovery: () => app.log.info('rate-limit counters answer again'),
  });

/**
 * Limits each client (its address, see clientKey.ts; behind a proxy the one `trustProxy` lets
 * through from X-Forwarded-For): `ingestPerMinute` requests on each ingest route, answered 429
 * with `Retry-After` before any parsing or storing; and `authFailuresPerMinute` refused tokens,
 * after which refusals are 429 instead of 401/403 (see authFailures.ts). Call before any route
 * is registered: ingest routes are found as they are added.
 */
export async function registerRateLimits(app: FastifyInstance, settings: RateLimitSettings = defaultRateLimits): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    store: settings.store ?? (settings.counters ? sharedCounters(app, settings.counters) : undefined),
    // A count that failed lets the request through uncounted (see counterStore.ts): an ingest is
    // never refused or answered 500 because the counters could not be reached.
    skipOnError: true,
    timeWindow: MINUTE,
    errorResponseBuilder: (_request, context) => rateLimited('requests', Math.ceil(context.ttl / 1000)),
  });

  if (settings.ingestPerMinute > 0) {
    const limitIngest = app.rateLimit({
      max: settings.ingestPerMinute,
      keyGenerator: (request) => `ingest ${request.routeOptions.url ?? ''} ${clientKey(request.ip)}`,
    }) as unknown as onRequestHookHandler;
    app.addHook('onRoute', (route) => {
      // First of the route's hooks: a refused request costs no origin check, parse or lookup.
      if (isIngest(route)) route.onRequest = [limitIngest, ...[route.onRequest ?? []].flat()];
    });
  }

  const counters = {
    console: app.createRateLimit({ max: settings.authFailuresPerMinute, keyGenerator: (r) => `console-auth ${clientKey(r.ip)}` }),
    formToken: app.createRateLimit({ max: settings.authFailuresPerMinute, keyGenerator: (r) => `form-token ${clientKey(r.ip)}` }),
  };
  app.decorate('authFailureWait', async (request: FastifyRequest, kind: AuthFailureKind) => {
    if (settings.authFailuresPerMinute <= 0) return undefined;
    const count = await counters[kind](request);
    return !count.isAllowed && count.isExceeded ? Math.max(1, count.ttlInSeconds) : undefined;
  });
}
