import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import type { CounterPort } from './ports.js';

/**
 * Where the counters live. The plugin constructs it once and calls `child()` per limiter; every
 * key below already names its limiter, route and client, so a shared store (Redis, PostgreSQL,
 * NATS KV, for running several instances) may keep one keyspace and ignore what child() gets.
 */
export type RateLimitStore = NonNullable<RateLimitPluginOptions['store']>;

const MINUTE = 60_000;

/** What the counter store needs besides the counters. */
export interface CounterStoreOptions {
  /** Told of the first failure of an outage (not of every request during it). */
  onFailure(error: unknown): void;
  /** Told once the counters answer again after a failure. */
  onRecovery?(): void;
  now?: () => number;
}

type Done = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A @fastify/rate-limit store over the store's fixed-window counters, so every instance on one
 * store counts a client in the same window: a client over its limit on one instance is over it
 * on all. Keys already name the limiter, route and client (rateLimits.ts), so one keyspace serves
 * every limiter and `child()` shares this store.
 *
 * A failing counter store fails the request's count, not the request: registerRateLimits sets
 * `skipOnError`, so the request goes through uncounted. An outage of the counters must never turn
 * ingest into 500s, and a limit briefly unenforced costs less than lost data. The failure is
 * reported once per outage, so a dead store does not flood the log.
 */
export function counterStore(counters: CounterPort, options: CounterStoreOptions): RateLimitStore {
  const now = options.now ?? Date.now;
  let failing = false;
  const failed = (error: unknown) => {
    if (!failing) options.onFailure(error);
    failing = true;
  };
  const answered = () => {
    if (failing) options.onRecovery?.();
    failing = false;
  };

  class SharedCounterStore {
    // The plugin passes the limiter's window and max after the callback (not in its typings).
    incr(key: string, done: Done, timeWindow: number = MINUTE): void {
      const at = now();
      counters.increment(key, timeWindow, at).then(
        ({ count, resetAt }) => {
          answered();
          done(null, { current: count, ttl: Math.max(1, resetAt - at) });
        },
        (error: unknown) => {
          failed(error);
          done(error instanceof Error ? error : new Error(String(error)));
        },
      );
    }

    child(): SharedCounterStore {
      return this;
    }
  }
  return SharedCounterStore as unknown as RateLimitStore;
}
