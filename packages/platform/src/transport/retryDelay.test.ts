import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './retryDelay.js';

describe('retryDelayMs', () => {
  // [failed attempts, random, wait]: half the backoff fixed, the other half scaled by `random`.
  it.each([
    [1, 0, 500],
    [1, 0.5, 750],
    [1, 1, 1000],
    [2, 0, 1000],
    [2, 1, 2000],
    [3, 0, 2000],
    [4, 0.25, 5000],
    [5, 0, 8000],
    [5, 1, 16_000],
    // 32 s of backoff is over the 30 s cap
    [6, 0, 15_000],
    [6, 1, 30_000],
    [20, 0.5, 22_500],
  ])('after %i failed attempts with random %d waits %i ms', (attempts, random, wait) => {
    expect(retryDelayMs(attempts, random)).toBe(wait);
  });

  it('never waits less than half the previous backoff nor more than 30 s', () => {
    for (let attempts = 1; attempts <= 12; attempts++) {
      const least = retryDelayMs(attempts, 0);
      const most = retryDelayMs(attempts, 0.999_999);
      expect(most).toBeLessThan(2 * least);
      expect(most).toBeLessThanOrEqual(30_000);
      if (attempts > 1) expect(least).toBeGreaterThanOrEqual(retryDelayMs(attempts - 1, 0));
    }
  });
});
