import type { HttpResult } from './httpRequest.js';

/**
 * How hard a sender insists; small numbers on purpose, a page must not hammer a sick server.
 * Defaults: five attempts in total, 1 s before the first retry, no wait over 30 s.
 */
export interface RetryPolicy {
  /** Attempts in total, the first one included. */
  maxAttempts?: number;
  /** Delay before the first retry; it doubles on every further one. */
  baseDelayMs?: number;
  /** No wait is longer; a `Retry-After` asking for more makes the sender give up instead. */
  maxDelayMs?: number;
}

/**
 * `Retry-After` in milliseconds from now; it may be a number of seconds or an HTTP date (a
 * date in the past means now). 0 when absent or unreadable, so the normal backoff applies.
 */
export function retryAfterMs(value: string | undefined, now = Date.now()): number {
  return Math.max(0, Number(value) * 1000 || Date.parse(value ?? '') - now || 0);
}

/**
 * The wait before attempt number `tried + 1`, or undefined when `result` must not be retried.
 * Only failures that may go away by themselves are retried: no reply at all (status 0), 429
 * and 5xx; any other status means the request itself is wrong. Waits grow exponentially with
 * "equal jitter" (half fixed, half random) so pages that failed together do not come back
 * together, and are never shorter than the server's `Retry-After`.
 */
export function retryDelay(
  { status, retryAfter }: HttpResult,
  tried: number,
  { maxAttempts = 5, baseDelayMs = 1000, maxDelayMs = 30_000 }: RetryPolicy = {},
): number | undefined {
  const asked = retryAfterMs(retryAfter);
  const half = Math.min(maxDelayMs, baseDelayMs * 2 ** (tried - 1)) / 2;
  if ((status == 0 || status == 429 || status >= 500) && tried < maxAttempts && asked <= maxDelayMs)
    return Math.max(asked, half + Math.random() * half);
}
