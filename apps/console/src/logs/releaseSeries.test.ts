import { describe, expect, it } from 'vitest';
import { RELEASES_SHOWN, releaseSeries } from './releaseSeries';

const HOUR = 3_600_000;

describe('releaseSeries', () => {
  it('stacks the busiest releases apart, the rest together and messages without a release on their own, every bucket filled', () => {
    const named = Array.from({ length: RELEASES_SHOWN + 2 }, (_, i) => ({ release: `r${i}`, buckets: [{ start: HOUR, count: 10 - i }] }));
    const { rows, series } = releaseSeries({
      from: 0, to: 3 * HOUR, bucketMs: HOUR,
      buckets: [{ start: HOUR, count: 99 }],
      releases: [...named, { release: null, buckets: [{ start: 2 * HOUR, count: 4 }] }],
    });
    expect(series.map((s) => s.name)).toEqual([...named.slice(0, RELEASES_SHOWN).map((r) => r.release), 'Other releases', 'No release']);
    expect(rows.map((r) => r.start)).toEqual([0, HOUR, 2 * HOUR]);
    expect(rows[1]).toMatchObject({ r0: 10, r4: 6, other: 5 + 4, none: 0 });
    expect(rows[2]).toMatchObject({ r0: 0, other: 0, none: 4 });
  });

  it('draws one series when the timeline has no release split (minute buckets)', () => {
    const { rows, series } = releaseSeries({ from: 0, to: 3 * 300_000, bucketMs: 300_000, buckets: [{ start: 300_000, count: 3 }] });
    expect(series.map((s) => s.key)).toEqual(['count']);
    expect(rows).toEqual([{ start: 0 }, { start: 300_000, count: 3 }, { start: 600_000 }]);
  });
});
