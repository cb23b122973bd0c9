import { describe, expect, it } from 'vitest';
import { retryAfterMs } from './retryAfter.js';

const NOW = Date.parse('2024-05-01T10:00:00Z');

describe('retryAfterMs', () => {
  // [header, ms from NOW]
  it.each([
    ['3', 3000],
    ['120', 120_000],
    ['1.5', 1500],
    [' 7 ', 7000],
    ['3600', 3_600_000],
    ['Wed, 01 May 2024 10:00:04 GMT', 4000],
    ['Wed, 01 May 2024 11:00:00 GMT', 3_600_000],
    // a time already past: negative, which callers read as no wait
    ['Wed, 01 May 2024 09:59:00 GMT', -60_000],
    ['-5', -5000],
    // no header, or one that is neither seconds nor a date: no wait
    [null, 0],
    [undefined, 0],
    ['', 0],
    ['soon', 0],
    ['NaN', 0],
  ] as const)('reads %j as %i ms', (header, wait) => {
    expect(retryAfterMs(header, NOW)).toBe(wait);
  });

  it('reads "0" as no wait', () => {
    // Engines differ on whether Date.parse('0') is a date (of the past) or NaN: never a wait.
    expect(retryAfterMs('0', NOW)).toBeLessThanOrEqual(0);
  });
});
