import { describe, expect, it } from 'vitest';
import type { AnalyticsFilter, Dimension, StoredAnalyticsHit } from '../../analytics/contract.js';
import { analyticsHit, T0 } from './fixtures.js';
import type { OpenStore } from './openStore.js';
import { storePerTest } from './openStore.js';

const none = { pageViews: 0, events: 0, nonInteraction: 0 };

/** The analytics ports: counts per dimension and per bucket, windows, filters, once per hit id. */
export function describeAnalyticsPorts(open: OpenStore): void {
  describe('analytics ports', () => {
    const store = storePerTest(open);
    const insert = (hits: StoredAnalyticsHit[]) => store().ingest.analytics.insertAnalyticsHits(hits);
    const window = { from: T0, to: T0 + 10_000 };
    const count = (by: Dimension, filter: Partial<AnalyticsFilter> = {}, limit = 10) =>
      store().query.analytics.countAnalytics({ ...window, ...filter }, by, limit);
    const event = (id: string, overrides: Partial<StoredAnalyticsHit> = {}) =>
      analyticsHit({ id, type: 'event', category: 'search', action: 'submit', path: '/vs/flights/home/-/search/submit/-/-', ...overrides });

    it('counts page views and events per dimension in [from, to), the most frequent first', async () => {
      await insert([
        analyticsHit({ id: '1' }),
        analyticsHit({ id: '2', vertical: 'hotels', locale: 'es', path: '/vs/page/hotels/home/-' }),
        event('3'),
        event('4', { category: 'tabs', action: 'shown', nonInteraction: true, path: '/vs/flights/home/-/tabs/shown/-/-/nonInteraction', params: { n: 1 }, value: 2.5, label: 'x' }),
        analyticsHit({ id: 'late', receivedAt: T0 + 10_000 }),
        analyticsHit({ id: 'early', receivedAt: T0 - 1 }),
      ]);
      expect(await count('vertical')).toEqual([
        { key: 'flights', pageViews: 1, events: 2, nonInteraction: 1 },
        { key: 'hotels', pageViews: 1, events: 0, nonInteraction: 0 },
      ]);
      expect(await count('interaction')).toEqual([
        { key: 'pageview', pageViews: 2, events: 0, nonInteraction: 0 },
        { key: 'interaction', pageViews: 0, events: 1, nonInteraction: 0 },
        { key: 'nonInteraction', pageViews: 0, events: 1, nonInteraction: 1 },
      ]);
      expect(await count('category', { type: 'event' })).toEqual([
        { key: 'search', pageViews: 0, events: 1, nonInteraction: 0 },
        { key: 'tabs', pageViews: 0, events: 1, nonInteraction: 1 },
      ]);
      expect(await count('path', { type: 'event' }, 1)).toEqual([{ key: '/vs/flights/home/-/search/submit/-/-', pageViews: 0, events: 1, nonInteraction: 0 }]);
    });

    it('filters by vertical, locale, affiliate and type, and limits the rows', async () => {
      await insert([
        analyticsHit({ id: '1', vertical: 'flights', locale: 'en', affiliate: 'acme' }),
        analyticsHit({ id: '2', vertical: 'flights', locale: 'es', affiliate: 'acme' }),
        analyticsHit({ id: '3', vertical: 'hotels', locale: 'es', affiliate: 'other' }),
        event('4', { vertical: 'hotels', locale: 'es', affiliate: 'other' }),
      ]);
      expect(await count('locale', { locale: 'es' })).toEqual([{ key: 'es', pageViews: 2, events: 1, nonInteraction: 0 }]);
      expect(await count('vertical', { affiliate: 'acme' })).toEqual([{ key: 'flights', pageViews: 2, events: 0, nonInteraction: 0 }]);
      expect(await count('affiliate', { vertical: 'hotels', type: 'pageview' })).toEqual([{ key: 'other', pageViews: 1, events: 0, nonInteraction: 0 }]);
      expect(await count('vertical', { vertical: 'trains' })).toEqual([]);
      expect(await count('locale', {}, 1)).toEqual([{ key: 'es', pageViews: 2, events: 1, nonInteraction: 0 }]);
    });

    it('breaks ties by key and counts hits without a value under a null key', async () => {
      await insert([
        analyticsHit({ id: '1', affiliate: 'beta' }),
        analyticsHit({ id: '2', affiliate: 'alpha' }),
        analyticsHit({ id: '3', affiliate: undefined }),
        analyticsHit({ id: '4', affiliate: undefined }),
      ]);
      expect(await count('affiliate')).toEqual([
        { key: null, pageViews: 2, events: 0, nonInteraction: 0 },
        { key: 'alpha', pageViews: 1, events: 0, nonInteraction: 0 },
        { key: 'beta', pageViews: 1, events: 0, nonInteraction: 0 },
      ]);
    });

    it('gives a timeline of every bucket from the one holding `from` to `to`, empty ones included', async () => {
      await insert([
        analyticsHit({ id: 'before', receivedAt: T0 + 400 }),
        analyticsHit({ id: '1', receivedAt: T0 + 1_000 }),
        event('2', { receivedAt: T0 + 3_500, nonInteraction: true }),
        analyticsHit({ id: 'at-end', receivedAt: T0 + 4_000 }),
        analyticsHit({ id: 'other', receivedAt: T0 + 1_500, vertical: 'hotels' }),
      ]);
      expect(await store().query.analytics.analyticsTimeline({ from: T0 + 500, to: T0 + 4_000, vertical: 'flights' }, 1_000)).toEqual([
        { start: T0, ...none },
        { start: T0 + 1_000, pageViews: 1, events: 0, nonInteraction: 0 },
        { start: T0 + 2_000, ...none },
        { start: T0 + 3_000, pageViews: 0, events: 1, nonInteraction: 1 },
      ]);
      expect(await store().query.analytics.analyticsTimeline({ from: T0 + 5_000, to: T0 + 6_000 }, 1_000)).toEqual([{ start: T0 + 5_000, ...none }]);
      const ragged = await store().query.analytics.analyticsTimeline({ from: T0 + 500, to: T0 + 4_500 }, 1_000);
      expect(ragged.map((b) => [b.start, b.pageViews])).toEqual([[T0, 0], [T0 + 1_000, 2], [T0 + 2_000, 0], [T0 + 3_000, 0], [T0 + 4_000, 1]]);
    });

    it('stores free text of any character (label, string params) and counts the hit', async () => {
      const odd = 'nul\u0000 bell\u0007 lone\ud800 😀 \ufffd';
      await insert([event('1', { label: odd, params: { note: odd, n: -1.5, ok: true } })]);
      expect(await count('category')).toEqual([{ key: 'search', pageViews: 0, events: 1, nonInteraction: 0 }]);
    });

    it('counts a hit id once however often it is sent, and every hit without an id', async () => {
      const batch = [analyticsHit({ id: 'a' }), event('b')];
      await insert(batch);
      await insert(batch);
      await Promise.all([insert([analyticsHit({ id: 'c' })]), insert([analyticsHit({ id: 'c' })])]);
      await insert([analyticsHit({ id: 'd' }), analyticsHit({ id: 'd' })]);
      await insert([analyticsHit({ id: undefined }), analyticsHit({ id: undefined })]);
      expect(await count('vertical')).toEqual([{ key: 'flights', pageViews: 5, events: 1, nonInteraction: 0 }]);
    });
  });
}
