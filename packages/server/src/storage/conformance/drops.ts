import { describe, expect, it } from 'vitest';
import type { StoredAnalyticsHit } from '../../analytics/contract.js';
import type { StoredDropReport } from '../../drops/contract.js';
import type { NewClientLog } from '../../logs/ports.js';
import { analyticsHit, DAY, dropReport, HOUR, logBatch, logRecord, T0 } from './fixtures.js';
import type { OpenStore } from './openStore.js';
import { storePerTest } from './openStore.js';

const everything = { from: T0, to: T0 + 10 * HOUR, bucketMs: HOUR };
const analyticsDrop = (overrides: Partial<StoredDropReport>) => dropReport({ source: 'analytics', product: null, ...overrides });

/**
 * The drop query port, fed the only way drops arrive: riding in a log or analytics body, stored
 * by that body's ingest port with its items, once per (source, report id).
 */
export function describeDropPorts(open: OpenStore): void {
  describe('drops ports', () => {
    const store = storePerTest(open);
    const logs = (records: NewClientLog[], dropped?: StoredDropReport) => store().ingest.logs.insertClientLogs(logBatch(records, { dropped }));
    const hits = (list: StoredAnalyticsHit[], dropped?: StoredDropReport) => store().ingest.analytics.insertAnalyticsHits(list, dropped);
    const summary = (window = everything) => store().query.drops.dropSummary(window);

    it('sums the reports stored with their batches per source, reason, product and bucket', async () => {
      await logs([logRecord()], dropReport({ counts: { queue_full: 3, consent: 1 } }));
      await logs([], dropReport({ id: 'r-2', product: 'hotels', receivedAt: T0 + 4 * HOUR + 5 }));
      await hits([analyticsHit()], analyticsDrop({ id: 'a-1', counts: { consent: 7 } }));
      await hits([], analyticsDrop({ id: 'a-2', counts: { oversize: 2 } }));
      const result = await summary();
      expect(result).toMatchObject(everything);
      expect(result.totals).toEqual([
        { source: 'analytics', reason: 'consent', count: 7 },
        { source: 'logs', reason: 'queue_full', count: 6 },
        { source: 'analytics', reason: 'oversize', count: 2 },
        { source: 'logs', reason: 'consent', count: 1 },
      ]);
      expect(result.byProduct).toEqual([
        { product: 'flights', reason: 'queue_full', count: 3 },
        { product: 'hotels', reason: 'queue_full', count: 3 },
        { product: 'flights', reason: 'consent', count: 1 },
      ]);
      expect(result.buckets).toEqual([
        { start: T0 + 2 * HOUR, source: 'analytics', reason: 'consent', count: 7 },
        { start: T0 + 2 * HOUR, source: 'analytics', reason: 'oversize', count: 2 },
        { start: T0 + 2 * HOUR, source: 'logs', reason: 'consent', count: 1 },
        { start: T0 + 2 * HOUR, source: 'logs', reason: 'queue_full', count: 3 },
        { start: T0 + 4 * HOUR, source: 'logs', reason: 'queue_full', count: 3 },
      ]);
      expect((await store().query.logs.listLogGroups({ limit: 10 })).groups.map((g) => g.count)).toEqual([1]);
      expect((await store().query.analytics.countAnalytics(everything, 'vertical', 10))[0]?.pageViews).toBe(1);
    });

    it('counts a retried report once, even written twice at once, but the same id from the other source apart', async () => {
      const batch = logBatch([logRecord()], { dropped: dropReport({ counts: { rejected: 4 } }) });
      await store().ingest.logs.insertClientLogs(batch);
      await logs([logRecord()], dropReport({ counts: { rejected: 4 }, receivedAt: T0 + 5 * HOUR }));
      const twice = analyticsDrop({ counts: { rejected: 1 } });
      await Promise.all([hits([], twice), hits([], twice)]);
      expect((await summary()).totals).toEqual([
        { source: 'logs', reason: 'rejected', count: 4 },
        { source: 'analytics', reason: 'rejected', count: 1 },
      ]);
      expect((await summary()).buckets.map((b) => b.start)).toEqual([T0 + 2 * HOUR, T0 + 2 * HOUR]);
    });

    it('keeps no row for a reason counted zero, and no product for analytics', async () => {
      await logs([], dropReport({ counts: { queue_full: 0, consent: 2 } }));
      await hits([], analyticsDrop({ counts: { filtered: 0, stopped: 5 } }));
      const result = await summary();
      expect(result.totals).toEqual([{ source: 'analytics', reason: 'stopped', count: 5 }, { source: 'logs', reason: 'consent', count: 2 }]);
      expect(result.byProduct).toEqual([{ product: 'flights', reason: 'consent', count: 2 }]);
      expect(result.buckets).toHaveLength(2);
    });

    it('stores neither the items nor the drop report when an item cannot be written', async () => {
      // JSON cannot hold a BigInt: a failure after the first item could have been written.
      const poisonedLog = { ...logRecord({ messageId: 'b', groupId: 'g-2' }), extraArgs: [1n] } as unknown as NewClientLog;
      await expect(logs([logRecord(), poisonedLog], dropReport())).rejects.toThrow();
      const poisonedHit = { ...analyticsHit({ id: 'h-2' }), params: { n: 1n } } as unknown as StoredAnalyticsHit;
      await expect(hits([analyticsHit(), poisonedHit], analyticsDrop({}))).rejects.toThrow();
      expect(await summary()).toEqual({ ...everything, totals: [], byProduct: [], buckets: [] });
      expect((await store().query.logs.listLogGroups({ limit: 10 })).groups).toEqual([]);
      expect(await store().query.analytics.countAnalytics(everything, 'path', 10)).toEqual([]);
    });

    it('reads only reports received in [from, to), in daily buckets when asked', async () => {
      const from = T0 - 2 * DAY;
      await hits([], analyticsDrop({ id: 'before', receivedAt: from - 1 }));
      await hits([], analyticsDrop({ id: 'first', receivedAt: from }));
      await hits([], analyticsDrop({ id: 'later', receivedAt: from + DAY + 7 }));
      await hits([], analyticsDrop({ id: 'at-end', receivedAt: from + 2 * DAY }));
      const result = await summary({ from, to: from + 2 * DAY, bucketMs: DAY });
      expect(result.totals).toEqual([{ source: 'analytics', reason: 'queue_full', count: 6 }]);
      expect(result.byProduct).toEqual([]);
      expect(result.buckets.map((b) => [b.start, b.count])).toEqual([[from, 3], [from + DAY, 3]]);
    });
  });
}
