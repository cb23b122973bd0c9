import { afterEach, describe, expect, it, vi } from 'vitest';
import { retryAfterMs, retryDelay } from './retry.js';

const policy = { maxAttempts: 4, baseDelayMs: 100, maxDelayMs: 1000 };
const jitter = (value: number) => vi.spyOn(Math, 'random').mockReturnValue(value);

afterEach(() => vi.restoreAllMocks());

describe('retryDelay', () => {
  it('retries network errors, 429 and 5xx only', () => {
    expect([0, 429, 500, 503, 599].every((status) => retryDelay({ status }, 1, policy) !== undefined)).toBe(true);
    expect([200, 400, 401, 404, 413, 415].some((status) => retryDelay({ status }, 1, policy) !== undefined)).toBe(false);
  });

  it('doubles per retry, keeps half as jitter and never exceeds the cap', () => {
    const long = { ...policy, maxAttempts: 30 };
    jitter(0);
    expect(retryDelay({ status: 503 }, 1, policy)).toBe(50);
    expect(retryDelay({ status: 0 }, 2, policy)).toBe(100);
    expect(retryDelay({ status: 503 }, 3, policy)).toBe(200);
    jitter(1);
    expect(retryDelay({ status: 503 }, 1, policy)).toBe(100);
    expect(retryDelay({ status: 503 }, 20, long)).toBe(1000);
  });

  it('waits at least as long as Retry-After asks', () => {
    jitter(0);
    expect(retryDelay({ status: 429, retryAfter: '1' }, 1, { ...policy, maxDelayMs: 5000 })).toBe(1000);
  });

  it('gives up rather than wait longer than the cap the server asks for', () => {
    expect(retryDelay({ status: 503, retryAfter: '3600' }, 1, policy)).toBeUndefined();
  });

  it('stops after maxAttempts, with five attempts by default', () => {
    expect(retryDelay({ status: 500 }, 3, policy)).toBeGreaterThan(0);
    expect(retryDelay({ status: 500 }, 4, policy)).toBeUndefined();
    expect(retryDelay({ status: 500 }, 4)).toBeGreaterThan(0);
    expect(retryDelay({ status: 500 }, 5)).toBeUndefined();
  });
});

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates, and treats junk as no wait', () => {
    const now = Date.parse('2024-05-01T10:00:00Z');
    expect(retryAfterMs('7', now)).toBe(7000);
    expect(retryAfterMs('Wed, 01 May 2024 10:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Wed, 01 May 2024 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBe(0);
    expect(retryAfterMs(undefined, now)).toBe(0);
  });
});
