import { describe, expect, it } from 'vitest';
import type { StoredAnalyticsHit } from './contract.js';
import { byteOrder, countBy, tupleOf, tupleText } from './rollupTuple.js';
import type { HitTuple } from './rollupTuple.js';

const tuple = (overrides: Partial<HitTuple> = {}): HitTuple => ({
  type: 'pageview', nonInteraction: false, path: '/vs/page/a/b/c', category: null, vertical: 'flights', locale: 'en', affiliate: null, ...overrides,
});
const hit = (overrides: Partial<StoredAnalyticsHit> = {}): StoredAnalyticsHit => ({
  id: 'x', type: 'pageview', path: '/p', timestamp: 0, receivedAt: Date.UTC(2026, 0, 1, 10, 5, 7), vertical: 'flights', ...overrides,
});

describe('rollup tuples', () => {
  it('gives different texts to tuples that differ in any field, absent and empty and separator-like values included', () => {
    const variants = [
      tuple(), tuple({ affiliate: '' }), tuple({ affiliate: '-' }), tuple({ vertical: null }), tuple({ vertical: 'flights|1:x' }),
      tuple({ vertical: 'flights', locale: 'en|-' }), tuple({ type: 'event' }), tuple({ type: 'event', nonInteraction: true }),
      tuple({ path: '/vs/page/a/b/c|-' }), tuple({ category: 'c' }),
    ];
    expect(new Set(variants.map(tupleText)).size).toBe(variants.length);
  });

  it('drops a page view\'s non-interaction flag, which counts nowhere', () => {
    expect(tupleOf(hit({ nonInteraction: true })).nonInteraction).toBe(false);
    expect(tupleOf(hit({ type: 'event', nonInteraction: true })).nonInteraction).toBe(true);
  });

  it('orders counts by hits, then null first and UTF-8 byte order, as the engines order text', () => {
    expect(byteOrder('\ufffd', '😀')).toBeLessThan(0); // UTF-16 would put the emoji (a surrogate pair) first
    expect(byteOrder(null, '')).toBeLessThan(0);
    const counts = [
      { tuple: tuple({ affiliate: '😀' }), n: 1 },
      { tuple: tuple({ affiliate: '\ufffd' }), n: 1 },
      { tuple: tuple({ affiliate: null }), n: 1 },
      { tuple: tuple({ affiliate: 'b', type: 'event', nonInteraction: true }), n: 3 },
    ];
    expect(countBy(counts, { by: 'affiliate', limit: 3 }).map((c) => [c.key, c.pageViews, c.events, c.nonInteraction])).toEqual([
      ['b', 0, 3, 3], [null, 1, 0, 0], ['\ufffd', 1, 0, 0],
    ]);
  });
});
