import { describe, expect, it } from 'vitest';
import type { NewClientLog } from '../../logs/ports.js';
import type { IngestItem } from '../../ingest/contract.js';
import { analyticsHit, dropReport, HOUR, logBatch, logRecord, perfReport, T0 } from './fixtures.js';
import type { OpenStore } from './openStore.js';
import { storePerTest } from './openStore.js';

const window = { from: T0, to: T0 + 10 * HOUR, bucketMs: HOUR };

/** One pull's worth of items as a JetStream writer hands them over: every kind, drops riding along. */
const pull = (tag: string): IngestItem[] => [
  { kind: 'logs', batch: logBatch([logRecord({ messageId: `${tag}-m1`, occurrences: 2 }), logRecord({ messageId: `${tag}-m2`, groupId: 'g-2' })], { dropped: dropReport({ id: `${tag}-r1` }) }) },
  { kind: 'perf', report: perfReport({ id: `${tag}-p1` }) },
  { kind: 'analytics', hits: [analyticsHit({ id: `${tag}-h1` }), analyticsHit({ id: `${tag}-h2`, type: 'event', category: 'c', action: 'a' })], dropped: dropReport({ id: `${tag}-a1`, source: 'analytics', product: null, counts: { consent: 4 } }) },
  { kind: 'perf', report: perfReport({ id: `${tag}-p2`, receivedAt: T0 + 2_000 }) },
];

/**
 * `ingest.writeBatch`, what a JetStream writer calls: mixed kinds in one transaction, and every
 * item once by its ids however often the batch is redelivered, in turn or at the same time.
 */
export function describeIngestBatch(open: OpenStore): void {
  describe('ingest.writeBatch', () => {
    const store = storePerTest(open);
    /** What the console would read back: log counts per group, perf ids, analytics and drop totals. */
    const readBack = async () => {
      const query = store().query;
      const { groups } = await query.logs.listLogGroups({ limit: 10 });
      return {
        logs: Object.fromEntries(groups.map((g) => [g.groupId, g.count])),
        perf: (await query.perf.listPerfReports({ ...window, limit: 100 })).map((r) => r.id).sort(),
        analytics: (await query.analytics.countAnalytics(window, 'interaction', 10)).map((c) => [c.key, c.pageViews + c.events]),
        drops: (await query.drops.dropSummary(window)).totals.map((t) => [t.source, t.reason, t.count]),
      };
    };

    it('stores items of every kind from one call, their drop reports with them', async () => {
      await store().ingest.writeBatch(pull('a'));
      expect(await readBack()).toEqual({
        logs: { 'g-1': 2, 'g-2': 1 },
        perf: ['a-p1', 'a-p2'],
        analytics: [['interaction', 1], ['pageview', 1]],
        drops: [['analytics', 'consent', 4], ['logs', 'queue_full', 3]],
      });
      expect((await store().query.logs.getLogGroup('g-1'))?.occurrences.map((o) => o.id)).toEqual(['a-m1']);
    });

    it('stores every item once when the same batch comes again, or repeats an item inside itself', async () => {
      const items = pull('a');
      await store().ingest.writeBatch(items);
      await store().ingest.writeBatch([...items, ...items]);
      await store().ingest.writeBatch(pull('b'));
      expect(await readBack()).toEqual({
        logs: { 'g-1': 4, 'g-2': 2 },
        perf: ['a-p1', 'a-p2', 'b-p1', 'b-p2'],
        analytics: [['interaction', 2], ['pageview', 2]],
        drops: [['analytics', 'consent', 8], ['logs', 'queue_full', 6]],
      });
    });

    it('counts the same messages once when two writers store them at the same time', async () => {
      const items = pull('a');
      await Promise.all([store().ingest.writeBatch(items), store().ingest.writeBatch(items), store().ingest.writeBatch(pull('a'))]);
      expect(await readBack()).toEqual({
        logs: { 'g-1': 2, 'g-2': 1 },
        perf: ['a-p1', 'a-p2'],
        analytics: [['interaction', 1], ['pageview', 1]],
        drops: [['analytics', 'consent', 4], ['logs', 'queue_full', 3]],
      });
    });

    it('stores none of the batch when one item cannot be written', async () => {
      // JSON cannot hold a BigInt: the last item fails after every other one could have been written.
      const poisoned = { ...logRecord({ messageId: 'bad', groupId: 'g-3' }), context: { n: 1n } } as unknown as NewClientLog;
      await expect(store().ingest.writeBatch([...pull('a'), { kind: 'logs', batch: logBatch([poisoned]) }])).rejects.toThrow();
      expect(await readBack()).toEqual({ logs: {}, perf: [], analytics: [], drops: [] });
      await store().ingest.writeBatch(pull('a')); // the redelivery after the failure is stored in full
      expect((await readBack()).logs).toEqual({ 'g-1': 2, 'g-2': 1 });
    });
  });
}
