import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Store } from '../ports.js';
import { analyticsHit, perfReport } from '../conformance/fixtures.js';
import { createSqliteStore } from './createSqliteStore.js';
import { byVertical, expectedByVertical, folded, HITS, onDisk } from './testing/analyticsRollupDisk.js';

// A hit the raw table refuses (path is NOT NULL): its body's savepoint rolls back after the hits before it were stored.
const refused = analyticsHit({ id: 'refused', path: null as unknown as string });

describe('SQLite analytics rollups: what is pending, and when tuple ids are cached', () => {
  let dir: string;
  let file: string;
  let store: Store;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    dir = mkdtempSync(join(tmpdir(), 'tarmac-analytics-marks-'));
    file = join(dir, 'store.db');
    store = createSqliteStore({ file });
  });
  afterEach(async () => {
    vi.useRealTimers();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('drops the pending hits of a body whose savepoint rolled back, and counts the bodies beside it', async () => {
    const [a, b, c] = [HITS.slice(0, 5), HITS.slice(5, 10), HITS.slice(10, 15)];
    const sent = [a, [...b, refused], c].map((body) => store.ingest.analytics.insertAnalyticsHits(body));
    const outcomes = await Promise.allSettled(sent);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await byVertical(store)).toEqual(expectedByVertical([...a, ...c]));
    // Sent again whole: now stored, and counted once.
    await store.ingest.analytics.insertAnalyticsHits(b);
    expect(await byVertical(store)).toEqual(expectedByVertical([...a, ...b, ...c]));
  });

  it('drops every hit and report a writeBatch added when a later body fails it, and counts them once when redelivered', async () => {
    const items = [
      { kind: 'perf' as const, report: perfReport({ id: 'p-1' }) },
      { kind: 'analytics' as const, hits: HITS.slice(0, 30) },
      { kind: 'analytics' as const, hits: [HITS[30]!, refused] },
    ];
    await expect(store.ingest.writeBatch(items)).rejects.toThrow(/NOT NULL/);
    expect(await byVertical(store)).toEqual([]);
    expect(await store.query.perf.readPerfRollups({ pieces: [{ level: 'day', from: 0, to: Date.now() + 86_400_000 }] })).toEqual([]);
    await store.ingest.writeBatch(items.slice(0, 2));
    await store.ingest.writeBatch(items.slice(0, 2)); // a redelivery: nothing new
    expect(await byVertical(store)).toEqual(expectedByVertical(HITS.slice(0, 30)));
    expect(await store.query.perf.readPerfRollups({ pieces: [{ level: 'day', from: 0, to: Date.now() + 86_400_000 }] })).toHaveLength(1);
  });

  it('counts a retried hit id once: in one body, in one group, in later groups and through writeBatch', async () => {
    const once = HITS.slice(0, 20);
    await store.ingest.analytics.insertAnalyticsHits([...once, ...once.slice(0, 5)]);
    await Promise.all([once, once.slice(5, 10), once].map((hits) => store.ingest.analytics.insertAnalyticsHits(hits)));
    await store.ingest.writeBatch([{ kind: 'analytics', hits: once.slice(10) }]);
    expect(await byVertical(store)).toEqual(expectedByVertical(once));
    expect(onDisk(file)).toEqual(folded(once.length));
  });

  it('caches no tuple id made by a rollup write that rolled back (another tuple could be given it)', async () => {
    const flights = HITS.filter((hit) => hit.vertical === 'flights');
    const hotels = HITS.filter((hit) => hit.vertical === 'hotels');
    await store.ingest.analytics.insertAnalyticsHits(flights);
    // The write fails after its tuples were made (the day rows are written last), as a full disk would.
    const admin = new Database(file);
    admin.exec(`CREATE TRIGGER refuse BEFORE INSERT ON analytics_rollup_day BEGIN SELECT RAISE(ABORT, 'refused'); END`);
    await expect(byVertical(store)).rejects.toThrow('refused');
    admin.exec('DROP TRIGGER refuse');
    admin.close();
    // Made first now: the flights tuples' ids, taken back with the failed write, are free again.
    await store.ingest.analytics.insertAnalyticsHits(hotels);
    expect(await byVertical(store)).toEqual(expectedByVertical([...flights, ...hotels]));
    expect(onDisk(file)).toEqual(folded(flights.length + hotels.length));
  });
});
