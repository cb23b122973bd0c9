import { describe, expect, it } from 'vitest';
import { browserFamily } from '../perf/browserFamily.js';
import { seedUserAgent } from './seedUserAgents.js';

describe('seedUserAgent', () => {
  it('gives each id one user agent, and the seed every family in about its share', () => {
    expect(seedUserAgent('seed1-p42')).toBe(seedUserAgent('seed1-p42'));
    const counts: Record<string, number> = {};
    for (let i = 0; i < 10_000; i++) {
      const family = browserFamily(seedUserAgent(`seed1-p${i}`));
      counts[family] = (counts[family] ?? 0) + 1;
    }
    expect(counts.chromium! / 10_000).toBeCloseTo(0.6, 1);
    expect(counts.webkit! / 10_000).toBeCloseTo(0.33, 1);
    expect(counts.firefox).toBeGreaterThan(300);
    expect(counts.other).toBeGreaterThan(100);
  });
});
