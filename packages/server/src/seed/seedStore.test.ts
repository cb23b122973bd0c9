import { afterEach, describe, expect, it } from 'vitest';
import { createSqliteStore } from '../storage/sqlite/createSqliteStore.js';
import type { Store } from '../storage/ports.js';
import { DAY_MS } from '../rollups/timeGrid.js';
import { seedStore } from './seedStore.js';
import { PAGES, logNormal, seededRandom } from './syntheticTraffic.js';

let store: Store | undefined;
afterEach(async () => {
  await store?.close();
  store = undefined;
});

describe('the data generator', () => {
  it('draws log-normal values around the asked median', () => {
    const random = seededRandom(7);
    const values = Array.from({ length: 20_001 }, () => logNormal(random, 2500, 0.5)).sort((a, b) => a - b);
    expect(values[10_000]! / 2500).toBeGreaterThan(0.97);
    expect(values[10_000]! / 2500).toBeLessThan(1.03);
  });

  it('fills a store through its ingest port, over the asked days, once however often it runs', async () => {
    store = createSqliteStore({ file: ':memory:' });
    const now = Date.UTC(2026, 5, 1);
    const options = { perf: 3000, hits: 2000, days: 3, now, batchSize: 700 };
    await seedStore(store, options);
    await seedStore(store, options);
    const reports = await store.query.perf.listPerfReports({ from: now - 4 * DAY_MS, to: now + 1, limit: 10_000 });
    expect(reports).toHaveLength(3000);
    expect(Math.min(...reports.map((r) => r.receivedAt))).toBeGreaterThanOrEqual(now - 3 * DAY_MS);
    const pages = new Set(reports.map((r) => `${r.vertical}/${r.pageId}/${r.subPageId}`));
    expect(pages.size).toBe(PAGES.length);
    const byInteraction = await store.query.analytics.countAnalytics({ from: now - 4 * DAY_MS, to: now + 1 }, 'interaction', 3);
    expect(byInteraction.reduce((n, r) => n + r.pageViews + r.events, 0)).toBe(2000);
    // Seeded reports carry attribution (issue 24), and 3000 reports over 3 days are nearly one
    // rollup row each, the costliest case: about 1 s alone, several on a loaded machine.
  }, 30_000);
});
