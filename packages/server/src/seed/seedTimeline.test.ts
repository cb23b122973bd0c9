import { afterEach, describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../rollups/timeGrid.js';
import type { Store } from '../storage/ports.js';
import { createSqliteStore } from '../storage/sqlite/createSqliteStore.js';
import { seedStore } from './seedStore.js';
import { countInWindow, createTimeline } from './seedTimeline.js';

let store: Store | undefined;
afterEach(async () => {
  await store?.close();
  store = undefined;
});

describe('the seed timeline', () => {
  it('counts per minute, and a window of whole minutes sums exactly those minutes', () => {
    const start = Date.UTC(2026, 0, 1, 10, 0, 30);
    const timeline = createTimeline(start, start + 10 * MINUTE_MS);
    for (const offset of [0, 29_999, 30_000, 90_000, 9 * MINUTE_MS]) timeline.add('perf', start + offset);
    timeline.add('hits', start + 2 * MINUTE_MS);
    const minute = (n: number) => Date.UTC(2026, 0, 1, 10, n);
    expect(countInWindow(timeline, 'perf', minute(0), minute(1))).toBe(2);
    expect(countInWindow(timeline, 'perf', minute(1), minute(2))).toBe(1);
    expect(countInWindow(timeline, 'perf', minute(1), minute(3))).toBe(2);
    expect(countInWindow(timeline, 'perf', minute(0), minute(60))).toBe(5);
    expect(countInWindow(timeline, 'perf', minute(-30), minute(1))).toBe(2);
    expect(countInWindow(timeline, 'hits', minute(0), minute(60))).toBe(1);
    expect(() => countInWindow(timeline, 'perf', minute(0) + 1, minute(5))).toThrow(/whole minutes/);
  });

  it('says how many items the seed wrote into a window, as the store counts them', async () => {
    store = createSqliteStore({ file: ':memory:' });
    // Recent, so every rollup level the reads choose still holds these days (rollups/retention.ts).
    const now = Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS;
    const { timeline } = await seedStore(store, { perf: 2000, hits: 3000, days: 2, now, batchSize: 500, concurrency: 3 });
    const from = now - DAY_MS + 5 * HOUR_MS + 13 * MINUTE_MS;
    const to = now - 3 * HOUR_MS;
    const reports = await store.query.perf.listPerfReports({ from, to, limit: 10_000 });
    const hits = await store.query.analytics.countAnalytics({ from, to }, 'interaction', 3);
    expect(reports.length).toBeGreaterThan(500);
    expect(countInWindow(timeline, 'perf', from, to)).toBe(reports.length);
    expect(countInWindow(timeline, 'hits', from, to)).toBe(hits.reduce((n, r) => n + r.pageViews + r.events, 0));
    expect(countInWindow(timeline, 'perf', now - 3 * DAY_MS, now + MINUTE_MS)).toBe(2000);
  });

  it('fails when a batch fails, with several in flight', async () => {
    store = createSqliteStore({ file: ':memory:' });
    let calls = 0;
    const failing: Store = {
      ...store,
      ingest: { ...store.ingest, writeBatch: async () => {
        if (++calls === 2) throw new Error('disk full');
      } },
    };
    await expect(seedStore(failing, { perf: 3000, hits: 0, days: 1, batchSize: 500, concurrency: 3 })).rejects.toThrow('disk full');
  });
});
