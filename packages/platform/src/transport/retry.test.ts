import { describe, expect, it, vi } from 'vitest';
import { backoffDelay, isRetryable, parseRetryAfter, withRetry } from './retry.js';
import type { HttpResult } from './httpRequest.js';

const policy = { maxAttempts: 4, baseDelayMs: 100, maxDelayMs: 1000 };

const replies = (...results: HttpResult[]) => {
  const attempt = vi.fn(() => Promise.resolve(results.shift() ?? { status: 200 }));
  return attempt;
};

describe('isRetryable', () => {
  it('retries network errors, 429 and 5xx only', () => {
    expect([0, 429, 500, 503, 599].every(isRetryable)).toBe(true);
    expect([200, 400, 401, 404, 413, 415].some(isRetryable)).toBe(false);
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    const now = Date.parse('2024-05-01T10:00:00Z');
    expect(parseRetryAfter('7', now)).toBe(7000);
    expect(parseRetryAfter('Wed, 01 May 2024 10:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Wed, 01 May 2024 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
});

describe('backoffDelay', () => {
  it('doubles per retry, keeps half as jitter and never exceeds the cap', () => {
    expect(backoffDelay(1, policy, () => 0)).toBe(50);
    expect(backoffDelay(1, policy, () => 1)).toBe(100);
    expect(backoffDelay(3, policy, () => 0)).toBe(200);
    expect(backoffDelay(20, policy, () => 1)).toBe(1000);
  });
});

describe('withRetry', () => {
  it('retries 5xx and network errors with growing waits until success', async () => {
    const attempt = replies({ status: 503 }, { status: 0 }, { status: 200, body: { ok: 1 } });
    const wait = vi.fn(() => Promise.resolve(true));
    const result = await withRetry(attempt, wait, policy, () => 0);
    expect(result).toEqual({ status: 200, body: { ok: 1 } });
    expect(wait.mock.calls).toEqual([[50], [100]]);
  });

  it('never retries other 4xx', async () => {
    const attempt = replies({ status: 400 });
    const wait = vi.fn(() => Promise.resolve(true));
    expect((await withRetry(attempt, wait, policy)).status).toBe(400);
    expect(attempt).toHaveBeenCalledTimes(1);
    expect(wait).not.toHaveBeenCalled();
  });

  it('waits at least as long as Retry-After asks', async () => {
    const attempt = replies({ status: 429, retryAfter: '1' });
    const wait = vi.fn(() => Promise.resolve(true));
    await withRetry(attempt, wait, { ...policy, maxDelayMs: 5000 }, () => 0);
    expect(wait).toHaveBeenCalledWith(1000);
  });

  it('gives up rather than wait longer than the cap the server asks for', async () => {
    const attempt = replies({ status: 503, retryAfter: '3600' });
    const wait = vi.fn(() => Promise.resolve(true));
    expect((await withRetry(attempt, wait, policy)).status).toBe(503);
    expect(wait).not.toHaveBeenCalled();
  });

  it('stops after maxAttempts and when a wait is cancelled', async () => {
    const always = vi.fn(() => Promise.resolve({ status: 500 }));
    await withRetry(always, () => Promise.resolve(true), policy);
    expect(always).toHaveBeenCalledTimes(4);
    const cancelled = vi.fn(() => Promise.resolve({ status: 500 }));
    await withRetry(cancelled, () => Promise.resolve(false), policy);
    expect(cancelled).toHaveBeenCalledTimes(1);
  });

  it('treats a throwing attempt as a network error', async () => {
    const attempt = vi.fn(() => Promise.reject(new Error('boom')));
    const result = await withRetry(attempt, () => Promise.resolve(true), { ...policy, maxAttempts: 2 });
    expect(result.status).toBe(0);
    expect(attempt).toHaveBeenCalledTimes(2);
  });
});
