import { describe, expect, it } from 'vitest';
import { afterAttempt, isRetryable } from './retryPolicy.js';

const policy = { baseMs: 1_000, maxAttempts: 4 };

describe('afterAttempt', () => {
  it('is delivered on any 2xx', () => {
    for (const status of [200, 202, 204]) expect(afterAttempt(1, status, 0, policy)).toEqual({ status: 'delivered', nextAttemptAt: null });
  });

  it('retries after a doubling backoff while attempts remain, then fails', () => {
    expect([1, 2, 3].map((n) => afterAttempt(n, 503, 10_000, policy).nextAttemptAt)).toEqual([11_000, 12_000, 14_000]);
    expect(afterAttempt(4, 503, 10_000, policy)).toEqual({ status: 'failed', nextAttemptAt: null });
  });

  it('waits as long as Retry-After asks when that is longer, up to an hour', () => {
    expect(afterAttempt(1, 429, 0, policy, 30_000).nextAttemptAt).toBe(30_000);
    expect(afterAttempt(3, 429, 0, policy, 10).nextAttemptAt).toBe(4_000);
    expect(afterAttempt(1, 429, 0, policy, 10 * 60 * 60_000).nextAttemptAt).toBe(60 * 60_000);
  });

  it('gives up at once when the receiver refuses the request itself', () => {
    for (const status of [301, 400, 401, 404, 410]) expect(afterAttempt(1, status, 0, policy).status).toBe('failed');
  });
});

describe('isRetryable', () => {
  it('retries no response, timeouts, rate limits and server errors only', () => {
    expect([0, 408, 429, 500, 502, 599].every(isRetryable)).toBe(true);
    expect([200, 302, 400, 403, 404, 422].some(isRetryable)).toBe(false);
  });
});
