import type { HttpResult } from './httpRequest.js';

/** How hard a sender insists; small numbers on purpose, a page must not hammer a sick server. */
export interface RetryPolicy {
  /** Attempts in total, the first one included. */
  maxAttempts: number;
  /** Delay before the first retry; it doubles on every further one. */
  baseDelayMs: number;
  /** No wait is longer; a `Retry-After` asking for more makes the sender give up instead. */
  maxDelayMs: number;
}

/** Five attempts over roughly half a minute at most. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 5, baseDelayMs: 1000, maxDelayMs: 30_000 };

/**
 * Only failures that may go away by themselves are retried: no reply at all, 429 and 5xx.
 * Any other 4xx means the request itself is wrong, and sending it again cannot help.
 */
export function isRetryable(status: number): boolean {
  return status === 0 || status === 429 || (status >= 500 && status < 600);
}

/**
 * `Retry-After` in milliseconds from now; it may be a number of seconds or an HTTP date.
 * Undefined when absent or unreadable, so the normal backoff applies.
 */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * Wait before retry number `retry` (1 for the first): exponential, capped, with "equal jitter"
 * (half fixed, half random) so many pages that failed together do not come back together.
 */
export function backoffDelay(retry: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, retry - 1));
  return exponential / 2 + random() * (exponential / 2);
}

/**
 * Waits; resolves false when the wait was cancelled (page exit, stop) so retrying ends and the
 * caller can take the batch elsewhere.
 */
export type Wait = (ms: number) => Promise<boolean>;

/**
 * Runs `attempt` until it succeeds, fails for good, or the policy is exhausted, and resolves
 * with the last result. Never rejects: a throwing attempt counts as a network error.
 */
export async function withRetry(
  attempt: () => Promise<HttpResult>,
  wait: Wait,
  policy: RetryPolicy = DEFAULT_RETRY_POLICY,
  random: () => number = Math.random,
): Promise<HttpResult> {
  for (let tried = 1; ; tried++) {
    let result: HttpResult;
    try {
      result = await attempt();
    } catch {
      result = { status: 0 };
    }
    if (!isRetryable(result.status) || tried >= policy.maxAttempts) return result;
    const asked = parseRetryAfter(result.retryAfter);
    if (asked !== undefined && asked > policy.maxDelayMs) return result;
    const delay = Math.max(asked ?? 0, backoffDelay(tried, policy, random));
    if (!(await wait(delay))) return result;
  }
}
