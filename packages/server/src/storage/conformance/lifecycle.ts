import { describe, expect, it } from 'vitest';
import { analyticsHit, logBatch, logRecord, perfReport } from './fixtures.js';
import type { OpenStore } from './openStore.js';
import { storePerTest } from './openStore.js';

/** What the server asks of a store as a whole: its engine's name, a health check, a clean close. */
export function describeStoreLifecycle(open: OpenStore): void {
  describe('store lifecycle', () => {
    const store = storePerTest(open);

    it('names its engine and answers a ping', async () => {
      expect(['sqlite', 'postgres']).toContain(store().engine);
      await expect(store().ping()).resolves.toBeUndefined();
    });

    it('finishes the writes under way before it closes', async () => {
      // Its own store: the one storePerTest opens is closed after the test, this one by the test.
      const own = await open();
      const writes = Array.from({ length: 30 }, (_, i) => [
        own.ingest.logs.insertClientLogs(logBatch([logRecord({ messageId: `m${i}` })])),
        own.ingest.perf.insertPerfReport(perfReport({ id: `p${i}` })),
        own.ingest.analytics.insertAnalyticsHits([analyticsHit({ id: `h${i}` })]),
      ]).flat();
      await own.close();
      // A write left hanging by close() would otherwise only show as this test's timeout.
      const late = new Promise<'still pending'>((resolve) => setTimeout(() => resolve('still pending'), 2_000).unref());
      const outcomes = await Promise.race([Promise.allSettled(writes), late]);
      expect(outcomes, 'every write started before close() has settled 2 s after it').not.toBe('still pending');
      expect((outcomes as PromiseSettledResult<void>[]).filter((o) => o.status === 'rejected')).toEqual([]);
    }, 15_000);
  });
}
