import { afterEach, describe, expect, it } from 'vitest';
import type { StoredAnalyticsHit } from '../../analytics/contract.js';
import type { Store } from '../ports.js';
import { createSqliteStore } from './createSqliteStore.js';

let storage: Store;
afterEach(() => storage?.close());

const hit = (overrides: Partial<StoredAnalyticsHit>): StoredAnalyticsHit => ({
  type: 'pageview', path: '/vs/page/flights/home/-', timestamp: 1_700_000_000_000, receivedAt: 1_000,
  vertical: 'flights', locale: 'en', affiliate: 'acme', ...overrides,
});

describe('SQLite analytics store', () => {
  it('counts page views and events per dimension, most frequent first', async () => {
    storage = createSqliteStore({ file: ':memory:' });
    await storage.ingest.analytics.insertAnalyticsHits([
      hit({}),
      hit({ vertical: 'hotels', locale: 'es', path: '/vs/page/hotels/home/-' }),
      hit({ type: 'event', category: 'search', action: 'submit', path: '/vs/flights/home/-/search/submit/-/-' }),
      hit({ type: 'event', category: 'tabs', action: 'shown', nonInteraction: true, path: '/vs/flights/home/-/tabs/shown/-/-/nonInteraction', params: { n: 1 } }),
      hit({ receivedAt: 50_000 }),
    ]);
    const window = { from: 0, to: 10_000 };
    expect(await storage.query.analytics.countAnalytics(window, 'vertical', 10)).toEqual([
      { key: 'flights', pageViews: 1, events: 2, nonInteraction: 1 },
      { key: 'hotels', pageViews: 1, events: 0, nonInteraction: 0 },
    ]);
    expect(await storage.query.analytics.countAnalytics(window, 'interaction', 10)).toEqual([
      { key: 'pageview', pageViews: 2, events: 0, nonInteraction: 0 },
      { key: 'interaction', pageViews: 0, events: 1, nonInteraction: 0 },
      { key: 'nonInteraction', pageViews: 0, events: 1, nonInteraction: 1 },
    ]);
    const paths = await storage.query.analytics.countAnalytics({ ...window, type: 'event' }, 'path', 1);
    expect(paths).toHaveLength(1);
    expect(paths[0]?.key).toMatch(/^\/vs\/flights\/home/);
    expect(await storage.query.analytics.countAnalytics({ ...window, locale: 'es' }, 'locale', 10)).toEqual([{ key: 'es', pageViews: 1, events: 0, nonInteraction: 0 }]);
  });

  it('gives a timeline with empty buckets filled in', async () => {
    storage = createSqliteStore({ file: ':memory:' });
    await storage.ingest.analytics.insertAnalyticsHits([hit({ receivedAt: 1_000 }), hit({ receivedAt: 3_500, type: 'event', category: 'c', action: 'a' })]);
    expect(await storage.query.analytics.analyticsTimeline({ from: 0, to: 4_000 }, 1_000)).toEqual([
      { start: 0, pageViews: 0, events: 0, nonInteraction: 0 },
      { start: 1_000, pageViews: 1, events: 0, nonInteraction: 0 },
      { start: 2_000, pageViews: 0, events: 0, nonInteraction: 0 },
      { start: 3_000, pageViews: 0, events: 1, nonInteraction: 0 },
    ]);
  });
});
