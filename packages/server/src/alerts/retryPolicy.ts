import type { DeliveryStatus } from './contract.js';

/** How deliveries are retried. */
export interface RetryPolicy {
  /** Wait after the first failed attempt; doubled after each further one. */
  baseMs: number;
  /** Attempts in all, the first included. */
  maxAttempts: number;
}

/** 6 attempts over about 5 minutes: 10 s, 20 s, 40 s, 80 s and 160 s apart. */
export const DEFAULT_RETRY: RetryPolicy = { baseMs: 10_000, maxAttempts: 6 };

/** The longest a receiver's Retry-After may hold a delivery back. */
const MAX_WAIT_MS = 60 * 60_000;

/**
 * Worth trying again: no response at all, a timeout (408), a rate limit (429) or a server
 * error. Any other 3xx or 4xx says the request itself is refused, and repeating it will not help.
 */
export const isRetryable = (status: number): boolean => status === 0 || status === 408 || status === 429 || status >= 500;

/**
 * Where a delivery stands after its `attempts`-th attempt answered `status`: delivered on 2xx;
 * else pending again after the backoff (or the receiver's Retry-After when longer, up to an
 * hour) while retryable and attempts remain; else failed.
 */
export function afterAttempt(
  attempts: number,
  status: number,
  now: number,
  policy: RetryPolicy,
  retryAfterMs?: number,
): { status: DeliveryStatus; nextAttemptAt: number | null } {
  if (status >= 200 && status < 300) return { status: 'delivered', nextAttemptAt: null };
  if (!isRetryable(status) || attempts >= policy.maxAttempts) return { status: 'failed', nextAttemptAt: null };
  const backoff = policy.baseMs * 2 ** (attempts - 1);
  return { status: 'pending', nextAttemptAt: now + Math.min(Math.max(backoff, retryAfterMs ?? 0), MAX_WAIT_MS) };
}
