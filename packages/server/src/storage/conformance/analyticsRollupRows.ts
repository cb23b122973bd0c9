import { afterEach, describe, expect, it } from 'vitest';
import type { RollupLevel } from '../../rollups/timeGrid.js';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../rollups/timeGrid.js';
import type { StoredAnalyticsHit } from '../../analytics/contract.js';
import type { Store } from '../ports.js';
import { analyticsHit, T0 } from './fixtures.js';

/** A store with rollups on or off, and the rows of its rollup tables as the engine holds them. */
export type OpenWithRollups = (rollups: boolean) => Promise<{ store: Store; rows(level: RollupLevel): Promise<{ start: number; n: number }[]> }>;

/** A store opened on a database that held these hits at the schema version before the rollups. */
export type OpenUpgraded = (hits: readonly StoredAnalyticsHit[]) => Promise<Store>;

/**
 * What each engine's tables hold after ingest, and proof that whole minutes of a window are read
 * from them (a store that keeps no rollups shows only the raw partial minutes at the edges).
 * Run beside each adapter, since it opens stores with options the conformance suites do not take.
 */
export function describeAnalyticsRollupRows(open: OpenWithRollups, openUpgraded: OpenUpgraded): void {
  describe('analytics rollup rows', () => {
    const opened: Store[] = [];
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((store) => store.close()));
    });
    const hour = T0 + HOUR_MS;
    const hits = [
      analyticsHit({ id: 'a', receivedAt: hour + 5_000 }),
      analyticsHit({ id: 'b', receivedAt: hour + 40_000 }),
      analyticsHit({ id: 'c', receivedAt: hour + MINUTE_MS + 1 }),
    ];
    const fill = async (rollups: boolean) => {
      const opening = await open(rollups);
      opened.push(opening.store);
      await opening.store.ingest.analytics.insertAnalyticsHits(hits);
      await opening.store.ingest.writeBatch([{ kind: 'analytics', hits: hits.slice(0, 1) }]); // a redelivery
      return opening;
    };

    it('keeps one row per level, start and tuple, summing its hits, each hit once', async () => {
      const { rows } = await fill(true);
      expect(await rows('minute')).toEqual([{ start: hour, n: 2 }, { start: hour + MINUTE_MS, n: 1 }]);
      expect(await rows('hour')).toEqual([{ start: hour, n: 3 }]);
      expect(await rows('day')).toEqual([{ start: T0, n: 3 }]);
    });

    it('counts the hits stored before the rollups existed, and later hits of their tuples with them', async () => {
      const before = [
        ...hits,
        analyticsHit({ id: 'd', type: 'event', category: 'search', nonInteraction: true, affiliate: undefined, receivedAt: T0 - DAY_MS + 5 }),
      ];
      const store = await openUpgraded(before);
      opened.push(store);
      const window = { from: T0 - 2 * DAY_MS, to: T0 + DAY_MS };
      expect(await store.query.analytics.countAnalytics(window, 'affiliate', 5)).toEqual([
        { key: 'acme', pageViews: 3, events: 0, nonInteraction: 0 },
        { key: null, pageViews: 0, events: 1, nonInteraction: 1 },
      ]);
      await store.ingest.analytics.insertAnalyticsHits([analyticsHit({ id: 'e', receivedAt: hour + 2 * MINUTE_MS })]);
      // Every hit here has the same path: one row, the old hits' key and the new one's merged.
      expect(await store.query.analytics.countAnalytics(window, 'path', 5)).toEqual([
        { key: hits[0]!.path, pageViews: 4, events: 1, nonInteraction: 1 },
      ]);
      const timeline = await store.query.analytics.analyticsTimeline(window, DAY_MS);
      expect(timeline.map((bucket) => bucket.pageViews + bucket.events)).toEqual([0, 1, 4]);
    });

    it('answers whole minutes from the rollups and only the partial edge minutes from raw hits', async () => {
      const { store, rows } = await fill(false);
      expect(await rows('minute')).toEqual([]);
      const count = (from: number, to: number) => store.query.analytics.countAnalytics({ from, to }, 'vertical', 5);
      expect(await count(hour, hour + DAY_MS)).toEqual([]);
      expect(await count(hour + 1_000, hour + 50_000)).toEqual([{ key: 'flights', pageViews: 2, events: 0, nonInteraction: 0 }]);
      expect(await count(hour + 1_000, hour + 2 * MINUTE_MS + 1)).toEqual([{ key: 'flights', pageViews: 2, events: 0, nonInteraction: 0 }]);
    });
  });
}
