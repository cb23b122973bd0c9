import { afterEach, describe, expect, it } from 'vitest';
import type { StoredAnalyticsHit } from '../../analytics/contract.js';
import type { StoredDropReport } from '../../drops/contract.js';
import { newClientLog } from '../../testing/fixtures.js';
import type { NewClientLog } from '../../logs/ports.js';
import type { Store } from '../ports.js';
import { createSqliteStore } from './createSqliteStore.js';

let storage: Store;
afterEach(() => storage?.close());

const HOUR = 3_600_000;
const report = (overrides: Partial<StoredDropReport>): StoredDropReport => ({
  id: 'r-1', source: 'logs', product: 'flights', receivedAt: 2 * HOUR + 10, counts: { queue_full: 3 }, ...overrides,
});
const hit: StoredAnalyticsHit = { type: 'pageview', path: '/vs/page/flights/home/-', timestamp: 1_700_000_000_000, receivedAt: 2 * HOUR };
const everything = { from: 0, to: 10 * HOUR, bucketMs: HOUR };

describe('SQLite drop store', () => {
  it('stores drop reports with their batches and sums them per source, reason, product and bucket', async () => {
    storage = createSqliteStore({ file: ':memory:' });
    await storage.ingest.logs.insertClientLogs({ records: [newClientLog()], ignored: 0, dropped: report({ counts: { queue_full: 3, consent: 1 } }) });
    await storage.ingest.logs.insertClientLogs({ records: [], ignored: 0, dropped: report({ id: 'r-2', product: 'hotels', receivedAt: 4 * HOUR + 5 }) });
    await storage.ingest.analytics.insertAnalyticsHits([hit], report({ id: 'a-1', source: 'analytics', product: null, counts: { consent: 7 } }));
    await storage.ingest.analytics.insertAnalyticsHits([], report({ id: 'a-2', source: 'analytics', product: null, counts: { oversize: 2 } }));

    const summary = await storage.query.drops.dropSummary(everything);
    expect(summary).toMatchObject(everything);
    expect(summary.totals).toEqual([
      { source: 'analytics', reason: 'consent', count: 7 },
      { source: 'logs', reason: 'queue_full', count: 6 },
      { source: 'analytics', reason: 'oversize', count: 2 },
      { source: 'logs', reason: 'consent', count: 1 },
    ]);
    expect(summary.byProduct).toEqual([
      { product: 'flights', reason: 'queue_full', count: 3 },
      { product: 'hotels', reason: 'queue_full', count: 3 },
      { product: 'flights', reason: 'consent', count: 1 },
    ]);
    expect(summary.buckets).toEqual([
      { start: 2 * HOUR, source: 'analytics', reason: 'consent', count: 7 },
      { start: 2 * HOUR, source: 'analytics', reason: 'oversize', count: 2 },
      { start: 2 * HOUR, source: 'logs', reason: 'consent', count: 1 },
      { start: 2 * HOUR, source: 'logs', reason: 'queue_full', count: 3 },
      { start: 4 * HOUR, source: 'logs', reason: 'queue_full', count: 3 },
    ]);
    expect((await storage.query.logs.listLogGroups({ limit: 10 })).groups).toHaveLength(1);
  });

  it('counts a retried report once, but the same id from the other source apart', async () => {
    storage = createSqliteStore({ file: ':memory:' });
    const batch = { records: [newClientLog()], ignored: 0, dropped: report({ counts: { rejected: 4 } }) };
    await storage.ingest.logs.insertClientLogs(batch);
    await storage.ingest.logs.insertClientLogs({ ...batch, dropped: report({ counts: { rejected: 4 }, receivedAt: 5 * HOUR }) });
    await storage.ingest.analytics.insertAnalyticsHits([], report({ source: 'analytics', product: null, counts: { rejected: 1 } }));
    expect((await storage.query.drops.dropSummary(everything)).totals).toEqual([
      { source: 'logs', reason: 'rejected', count: 4 },
      { source: 'analytics', reason: 'rejected', count: 1 },
    ]);
  });

  it('stores neither the items nor the drop report when either fails', async () => {
    storage = createSqliteStore({ file: ':memory:' });
    // JSON.stringify throws on a BigInt: a failure after the first item is written.
    const poisonedLog = { ...newClientLog({ messageId: 'b', groupId: 'g-2' }), extraArgs: [1n] } as unknown as NewClientLog;
    await expect(storage.ingest.logs.insertClientLogs({ records: [newClientLog(), poisonedLog], ignored: 0, dropped: report({}) })).rejects.toThrow();
    const poisonedHit = { ...hit, params: { n: 1n } } as unknown as StoredAnalyticsHit;
    await expect(storage.ingest.analytics.insertAnalyticsHits([hit, poisonedHit], report({ source: 'analytics', product: null }))).rejects.toThrow();
    // And the other way round: the table's CHECK refuses the report's second count after its
    // batch's items and first count were written.
    const badReport = report({ counts: { queue_full: 2, rejected: -1 } });
    await expect(storage.ingest.logs.insertClientLogs({ records: [newClientLog()], ignored: 0, dropped: badReport })).rejects.toThrow(/CHECK/);
    await expect(storage.ingest.analytics.insertAnalyticsHits([hit], { ...badReport, source: 'analytics', product: null })).rejects.toThrow(/CHECK/);
    const summary = await storage.query.drops.dropSummary(everything);
    expect(summary.totals).toEqual([]);
    expect(summary.buckets).toEqual([]);
    expect((await storage.query.logs.listLogGroups({ limit: 10 })).groups).toEqual([]);
    expect(await storage.query.analytics.countAnalytics(everything, 'path', 10)).toEqual([]);
  });

  it('reads only reports received inside the window, in daily buckets when asked', async () => {
    storage = createSqliteStore({ file: ':memory:' });
    const DAY = 24 * HOUR;
    await storage.ingest.analytics.insertAnalyticsHits([], report({ id: 'before', source: 'analytics', product: null, receivedAt: DAY - 1 }));
    await storage.ingest.analytics.insertAnalyticsHits([], report({ id: 'first', source: 'analytics', product: null, receivedAt: DAY }));
    await storage.ingest.analytics.insertAnalyticsHits([], report({ id: 'later', source: 'analytics', product: null, receivedAt: 2 * DAY + 7 }));
    await storage.ingest.analytics.insertAnalyticsHits([], report({ id: 'at-end', source: 'analytics', product: null, receivedAt: 3 * DAY }));
    const summary = await storage.query.drops.dropSummary({ from: DAY, to: 3 * DAY, bucketMs: DAY });
    expect(summary.totals).toEqual([{ source: 'analytics', reason: 'queue_full', count: 6 }]);
    expect(summary.byProduct).toEqual([]);
    expect(summary.buckets.map((b) => [b.start, b.count])).toEqual([[DAY, 3], [2 * DAY, 3]]);
  });
});
