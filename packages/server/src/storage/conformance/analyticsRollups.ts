import { describe, expect, it } from 'vitest';
import type { AnalyticsCount, AnalyticsFilter, Dimension, StoredAnalyticsHit } from '../../analytics/contract.js';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../rollups/timeGrid.js';
import { seededRandom } from '../../seed/syntheticTraffic.js';
import { analyticsHit, dropReport, T0 } from './fixtures.js';
import type { OpenStore } from './openStore.js';
import { storePerTest } from './openStore.js';

const PATHS = ['/vs/page/flights/home/-', '/vs/page/hotels/results/list', '/vs/flights/results/list/results/shown/-/40/nonInteraction', '/vs/hotels/home/-/search/submit/-/-'];
const VERTICALS = ['flights', 'hotels', 'cars'];
const LOCALES = ['en', 'es', 'de'];
const AFFILIATES = [undefined, 'acme', 'zeta'];

/** Hits over four days around T0 (a day and more either side), of every kind and dimension value. */
function spreadHits(count: number, seed: number): StoredAnalyticsHit[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
  return Array.from({ length: count }, (_, i) => {
    const event = random() < 0.4;
    return analyticsHit({
      id: `s${seed}-${i}`,
      type: event ? 'event' : 'pageview',
      nonInteraction: event ? random() < 0.5 : random() < 0.2,
      path: pick(PATHS),
      category: event ? pick(['search', 'results']) : undefined,
      vertical: pick(VERTICALS),
      locale: pick(LOCALES),
      affiliate: pick(AFFILIATES),
      receivedAt: T0 - 2 * DAY_MS + Math.floor(random() * 4 * DAY_MS),
    });
  });
}

const matches = (hit: StoredAnalyticsHit, f: AnalyticsFilter) =>
  hit.receivedAt >= f.from && hit.receivedAt < f.to &&
  (f.vertical === undefined || hit.vertical === f.vertical) &&
  (f.locale === undefined || hit.locale === f.locale) &&
  (f.affiliate === undefined || hit.affiliate === f.affiliate) &&
  (f.type === undefined || hit.type === f.type);

const keyOf = (hit: StoredAnalyticsHit, by: Dimension): string | null => {
  if (by === 'interaction') return hit.type === 'pageview' ? 'pageview' : hit.nonInteraction ? 'nonInteraction' : 'interaction';
  return hit[by] ?? null;
};

/** What the raw rows say, counted hit by hit: the rollups must answer exactly this. */
function rawCounts(hits: readonly StoredAnalyticsHit[], f: AnalyticsFilter, by: Dimension, limit: number): AnalyticsCount[] {
  const rows = new Map<string | null, AnalyticsCount>();
  for (const hit of hits.filter((h) => matches(h, f))) {
    const key = keyOf(hit, by);
    const row = rows.get(key) ?? { key, pageViews: 0, events: 0, nonInteraction: 0 };
    if (hit.type === 'pageview') row.pageViews++;
    else row.events++;
    if (hit.type === 'event' && hit.nonInteraction) row.nonInteraction++;
    rows.set(key, row);
  }
  const total = (row: AnalyticsCount) => row.pageViews + row.events;
  // Test data is ASCII: code-unit order is byte order.
  const order = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1);
  return [...rows.values()].sort((a, b) => total(b) - total(a) || order(a.key, b.key)).slice(0, limit);
}

// Starts and ends mid-minute, spans whole days, hours and minutes in between.
const WINDOW = { from: T0 - DAY_MS - 3 * HOUR_MS - 17 * MINUTE_MS - 23_456, to: T0 + DAY_MS + 5 * HOUR_MS + 42 * MINUTE_MS + 7_891 };

/** Console reads over many hits and long windows: the rollups answer what the raw rows would. */
export function describeAnalyticsRollups(open: OpenStore): void {
  describe('analytics rollups', () => {
    const store = storePerTest(open);
    const insert = async (hits: StoredAnalyticsHit[]) => {
      for (let i = 0; i < hits.length; i += 100) await store().ingest.analytics.insertAnalyticsHits(hits.slice(i, i + 100));
    };
    const count = (filter: AnalyticsFilter, by: Dimension, limit = 50) => store().query.analytics.countAnalytics(filter, by, limit);

    it('counts a window spanning days, hours and minutes exactly as the raw hits, in every dimension', async () => {
      const hits = spreadHits(600, 1);
      await insert(hits);
      for (const by of ['vertical', 'locale', 'affiliate', 'path', 'category', 'interaction'] as const) {
        expect(await count(WINDOW, by), by).toEqual(rawCounts(hits, WINDOW, by, 50));
      }
      const everything = { from: T0 - 3 * DAY_MS, to: T0 + 3 * DAY_MS };
      expect(await count(everything, 'interaction')).toEqual(rawCounts(hits, everything, 'interaction', 50));
    });

    it('counts the partial minutes at both edges to the millisecond', async () => {
      const { from, to } = WINDOW;
      const at = (id: string, receivedAt: number) => analyticsHit({ id, receivedAt });
      await insert([at('before', from - 1), at('first', from), at('inside', from + MINUTE_MS), at('last', to - 1), at('after', to)]);
      expect(await count(WINDOW, 'interaction')).toEqual([{ key: 'pageview', pageViews: 3, events: 0, nonInteraction: 0 }]);
    });

    it('applies every filter as the raw rows would', async () => {
      const hits = spreadHits(400, 2);
      await insert(hits);
      const filters: Partial<AnalyticsFilter>[] = [
        { vertical: 'hotels' }, { locale: 'es', type: 'event' }, { affiliate: 'acme', vertical: 'cars' }, { type: 'pageview' }, { vertical: 'trains' },
      ];
      for (const filter of filters) {
        const f = { ...WINDOW, ...filter };
        expect(await count(f, 'path'), JSON.stringify(filter)).toEqual(rawCounts(hits, f, 'path', 50));
        expect(await count(f, 'interaction'), JSON.stringify(filter)).toEqual(rawCounts(hits, f, 'interaction', 50));
      }
    });

    it('gives the top N by hits, ties by value with no value first, and the summary breakdowns alike', async () => {
      const hits = spreadHits(300, 3);
      await insert(hits);
      expect(await count(WINDOW, 'path', 2)).toEqual(rawCounts(hits, WINDOW, 'path', 2));
      expect(await count(WINDOW, 'affiliate', 2)).toEqual(rawCounts(hits, WINDOW, 'affiliate', 2));
      const breakdowns = await store().query.analytics.breakdownAnalytics(WINDOW, [{ by: 'vertical', limit: 2 }, { by: 'category', limit: 5 }]);
      expect(breakdowns).toEqual([rawCounts(hits, WINDOW, 'vertical', 2), rawCounts(hits, WINDOW, 'category', 5)]);
    });

    it('counts a hit once however often it is sent, directly or in redelivered batches', async () => {
      const hits = spreadHits(120, 4);
      await insert(hits);
      await insert(hits);
      await store().ingest.writeBatch([{ kind: 'analytics', hits: hits.slice(0, 50) }]);
      await store().ingest.writeBatch([{ kind: 'analytics', hits: hits.slice(0, 50) }]);
      await Promise.all([insert(hits.slice(50)), insert(hits.slice(50))]);
      expect(await count(WINDOW, 'vertical')).toEqual(rawCounts(hits, WINDOW, 'vertical', 50));
    });

    it('counts a new tuple whose first batch was rolled back once it is stored for good', async () => {
      const hit = analyticsHit({ id: 'new-tuple', path: '/vs/page/trains/home/-', vertical: 'trains', receivedAt: T0 + HOUR_MS });
      // A count of -1 breaks the drop table's CHECK after the hit and its rollups were written.
      const poisoned = dropReport({ id: 'bad', source: 'analytics', counts: { queue_full: -1 } });
      await expect(store().ingest.writeBatch([{ kind: 'analytics', hits: [hit] }, { kind: 'analytics', hits: [], dropped: poisoned }])).rejects.toThrow();
      expect(await count(WINDOW, 'path')).toEqual([]);
      await store().ingest.writeBatch([{ kind: 'analytics', hits: [hit] }]);
      await insert([{ ...hit, id: 'same-tuple' }]);
      expect(await count(WINDOW, 'path')).toEqual([{ key: hit.path, pageViews: 2, events: 0, nonInteraction: 0 }]);
    });

    it('gives timelines of 5-minute, hour and day buckets that sum the raw hits per bucket', async () => {
      const hits = spreadHits(500, 5);
      await insert(hits);
      for (const bucketMs of [5 * MINUTE_MS, HOUR_MS, DAY_MS]) {
        const filter = { ...WINDOW, locale: 'en' };
        const timeline = await store().query.analytics.analyticsTimeline(filter, bucketMs);
        const first = Math.floor(WINDOW.from / bucketMs) * bucketMs;
        expect(timeline[0]?.start).toBe(first);
        expect(timeline.at(-1)!.start + bucketMs).toBeGreaterThanOrEqual(WINDOW.to);
        for (const bucket of timeline) {
          const inBucket = { ...filter, from: Math.max(filter.from, bucket.start), to: Math.min(filter.to, bucket.start + bucketMs) };
          const [row] = rawCounts(hits, inBucket, 'locale', 1);
          expect(bucket, `${bucketMs} ${bucket.start}`).toEqual({ start: bucket.start, pageViews: row?.pageViews ?? 0, events: row?.events ?? 0, nonInteraction: row?.nonInteraction ?? 0 });
        }
      }
    });
  });
}
