import { describe, expect, it } from 'vitest';
import type { StoredAnalyticsHit } from './contract.js';
import { addHit, mergeSums, rollupDeltas, sumDeltas } from './rollupSums.js';
import type { RollupDelta, RollupSums } from './rollupSums.js';

const t0 = Date.UTC(2026, 0, 1, 10, 5, 0);
const hit = (overrides: Partial<StoredAnalyticsHit> = {}): StoredAnalyticsHit => ({
  id: 'x', type: 'pageview', path: '/p', timestamp: 0, receivedAt: t0, vertical: 'flights', ...overrides,
});
const rows = (deltas: readonly RollupDelta[], level: string, locale?: string) =>
  deltas.filter((d) => d.level === level && d.tuple.locale === (locale ?? null)).map((d) => [d.start, d.n]);
const sumsOf = (hits: readonly StoredAnalyticsHit[]) => {
  const sums: RollupSums = new Map();
  for (const h of hits) addHit(sums, h);
  return sums;
};

describe('rollup sums', () => {
  it('sums hits per level, row start and tuple', () => {
    const deltas = rollupDeltas([hit({ receivedAt: t0 + 1 }), hit({ receivedAt: t0 + 2 }), hit({ receivedAt: t0 + 60_000 }), hit({ receivedAt: t0, locale: 'es' })]);
    expect(rows(deltas, 'minute')).toEqual([[t0, 2], [t0 + 60_000, 1]]);
    expect(rows(deltas, 'hour')).toEqual([[Date.UTC(2026, 0, 1, 10), 3]]);
    expect(rows(deltas, 'day')).toEqual([[Date.UTC(2026, 0, 1), 3]]);
    expect(rows(deltas, 'day', 'es')).toEqual([[Date.UTC(2026, 0, 1), 1]]);
  });

  it('merges two sums into the rows both would have made together', () => {
    const first = [hit({ receivedAt: t0 + 1 }), hit({ receivedAt: t0 + 3 * 60_000, locale: 'es' })];
    const second = [hit({ receivedAt: t0 + 2 }), hit({ receivedAt: t0 + 2 * 3_600_000 }), hit({ receivedAt: t0, locale: 'de' })];
    const merged = sumsOf(first);
    mergeSums(merged, sumsOf(second));
    const byRow = (deltas: readonly RollupDelta[]) =>
      deltas.map((d) => `${d.level} ${d.start} ${d.tupleText} ${d.n}`).sort();
    expect(byRow(sumDeltas(merged))).toEqual(byRow(rollupDeltas([...first, ...second])));
    expect(rows(sumDeltas(merged), 'minute')).toEqual([[t0, 2], [t0 + 2 * 3_600_000, 1]]);
  });
});
