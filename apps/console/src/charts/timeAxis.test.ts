import { describe, expect, it } from 'vitest';
import { bucketFormatter, denseBuckets, pickTicks } from './timeAxis';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('bucketFormatter', () => {
  it('names hours as HH:mm within a day, adds the date over longer spans, and days as MMM d', () => {
    const start = new Date(2026, 0, 15, 13, 5).getTime();
    expect(bucketFormatter(HOUR, DAY)(start)).toBe('13:05');
    expect(bucketFormatter(HOUR, 2 * DAY)(start)).toBe('Jan 15 13:05');
    expect(bucketFormatter(DAY, 30 * DAY)(Date.UTC(2026, 2, 3))).toBe('Mar 3');
  });

  it('gives every bucket of a window a different label', () => {
    for (const [bucketMs, span] of [[5 * 60_000, 6 * HOUR], [HOUR, DAY], [HOUR, 3 * DAY], [DAY, 90 * DAY]] as const) {
      const format = bucketFormatter(bucketMs, span);
      const labels = Array.from({ length: span / bucketMs }, (_, i) => format(Date.UTC(2026, 0, 1) + i * bucketMs));
      expect(new Set(labels).size).toBe(labels.length);
    }
  });
});

describe('denseBuckets', () => {
  it('fills the gaps between and around the known buckets', () => {
    const rows = denseBuckets([{ start: 2 * HOUR, n: 4 }], 0, 4 * HOUR, HOUR, (start) => ({ start, n: 0 }));
    expect(rows.map((r) => [r.start / HOUR, r.n])).toEqual([[0, 0], [1, 0], [2, 4], [3, 0]]);
  });
});

describe('pickTicks', () => {
  it('keeps few starts as they are', () => {
    expect(pickTicks([0, HOUR], HOUR)).toEqual([0, HOUR]);
  });

  it('thins many starts to round times, at most the limit', () => {
    const starts = Array.from({ length: 90 }, (_, i) => Date.UTC(2026, 0, 1) + i * DAY);
    const ticks = pickTicks(starts, DAY, 8);
    expect(ticks.length).toBeLessThanOrEqual(8);
    expect(ticks.length).toBeGreaterThan(3);
    const gaps = ticks.slice(1).map((t, i) => t - (ticks[i] ?? 0));
    expect(new Set(gaps).size).toBe(1);
  });

  it('puts hourly ticks on whole multiples of the step in local time', () => {
    const first = new Date(2026, 0, 15, 0, 0).getTime();
    const starts = Array.from({ length: 24 }, (_, i) => first + i * HOUR);
    const ticks = pickTicks(starts, HOUR, 8);
    expect(ticks.map((t) => new Date(t).getHours())).toEqual([0, 3, 6, 9, 12, 15, 18, 21]);
  });
});
