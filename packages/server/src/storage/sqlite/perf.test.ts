import { afterEach, describe, expect, it } from 'vitest';
import { perfReport } from '../../perf/testing/reportFixture.js';
import type { Store } from '../ports.js';
import { createSqliteStore } from './createSqliteStore.js';

let storage: Store;
afterEach(() => storage?.close());

describe('SQLite perf store', () => {
  it('stores a report and reads it back unchanged, newest first, within the window and filters', async () => {
    storage = createSqliteStore({ file: ':memory:' });
    const timed = perfReport({ wv_lcp: 1234.567, wv_cls: 0.0123 }, {
      receivedAt: 2_000, navStart: 1_700_000_000_000, protocol: 'h2',
      timing: { ...perfReport().timing, nt_fet_st: 1_700_000_000_002, nt_red_st: 0 },
    });
    await storage.ingest.perf.insertPerfReport(timed);
    await storage.ingest.perf.insertPerfReport(perfReport({ wv_inp: 80 }, { receivedAt: 3_000, pageId: 'results' }));
    await storage.ingest.perf.insertPerfReport(perfReport({ wv_inp: 90 }, { receivedAt: 9_000 }));
    const all = await storage.query.perf.listPerfReports({ from: 0, to: 5_000, limit: 10 });
    expect(all.map((r) => r.receivedAt)).toEqual([3_000, 2_000]);
    expect(all[1]).toEqual(timed);
    const home = await storage.query.perf.listPerfReports({ from: 0, to: 10_000, pageId: 'home', vertical: 'flights', limit: 10 });
    expect(home.map((r) => r.receivedAt)).toEqual([9_000, 2_000]);
    expect(await storage.query.perf.listPerfReports({ from: 0, to: 10_000, limit: 1 })).toHaveLength(1);
  });
});
