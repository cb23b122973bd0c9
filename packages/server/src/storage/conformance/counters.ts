import { describe, expect, it } from 'vitest';
import { MINUTE, T0 } from './fixtures.js';
import type { OpenStore } from './openStore.js';
import { storePerTest } from './openStore.js';

/** The counter port: fixed windows per key, each request counted once, however many race. */
export function describeCounterPort(open: OpenStore): void {
  describe('counters port', () => {
    const store = storePerTest(open);
    const increment = (key: string, now: number, windowMs = MINUTE) => store().counters.increment(key, windowMs, now);

    it('counts per key in the window holding `now`, which ends at the next whole window', async () => {
      expect(await increment('ingest:1.2.3.4', T0 + 5_000)).toEqual({ count: 1, resetAt: T0 + MINUTE });
      expect(await increment('ingest:1.2.3.4', T0 + 59_999)).toEqual({ count: 2, resetAt: T0 + MINUTE });
      expect(await increment('ingest:5.6.7.8', T0 + 10_000)).toEqual({ count: 1, resetAt: T0 + MINUTE });
      expect(await increment('ingest:1.2.3.4', T0 + 30_000)).toEqual({ count: 3, resetAt: T0 + MINUTE });
    });

    it('starts again from one in the next window', async () => {
      await increment('k', T0 + 1_000);
      await increment('k', T0 + 2_000);
      expect(await increment('k', T0 + MINUTE)).toEqual({ count: 1, resetAt: T0 + 2 * MINUTE });
      expect(await increment('k', T0 + MINUTE + 1)).toEqual({ count: 2, resetAt: T0 + 2 * MINUTE });
      expect(await increment('k', T0 + 10 * MINUTE + 5)).toEqual({ count: 1, resetAt: T0 + 11 * MINUTE });
    });

    it('counts in windows of any length, aligned to whole windows', async () => {
      expect(await increment('auth:1.2.3.4', T0 + 1_000, 10 * MINUTE)).toEqual({ count: 1, resetAt: T0 + 10 * MINUTE });
      expect(await increment('auth:1.2.3.4', T0 + 2 * MINUTE, 10 * MINUTE)).toEqual({ count: 2, resetAt: T0 + 10 * MINUTE });
    });

    it('counts every one of many concurrent increments, each seeing its own count', async () => {
      const results = await Promise.all(Array.from({ length: 25 }, (_, i) => increment('burst', T0 + 1_000 + i)));
      expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
      expect(new Set(results.map((r) => r.resetAt))).toEqual(new Set([T0 + MINUTE]));
      expect(await increment('burst', T0 + 2_000)).toEqual({ count: 26, resetAt: T0 + MINUTE });
    });
  });
}
