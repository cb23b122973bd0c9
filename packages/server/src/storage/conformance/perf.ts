import { describe, expect, it } from 'vitest';
import type { PerfFilter } from '../../perf/ports.js';
import { perfReport, T0 } from './fixtures.js';
import type { OpenStore } from './openStore.js';
import { storePerTest } from './openStore.js';

/** The performance ports: reports read back as sent, windows, filters, once per report id. */
export function describePerfPorts(open: OpenStore): void {
  describe('perf ports', () => {
    const store = storePerTest(open);
    const list = (filter: Partial<PerfFilter> = {}) => store().query.perf.listPerfReports({ from: T0, to: T0 + 100_000, limit: 100, ...filter });
    const receivedTimes = async (filter: Partial<PerfFilter> = {}) => (await list(filter)).map((r) => r.receivedAt);

    it('reads a report back exactly as stored: fractions, nulls and every timing field', async () => {
      const report = perfReport({ vitals: { wv_lcp: 1234.567, wv_cls: 0.0123, wv_inp: null, wv_fid: 3, wv_fcp: 812.25, wv_ttfb: null } });
      const bare = perfReport({ id: 'p-2', receivedAt: T0 + 2_000, url: null, vertical: null, pageId: null, subPageId: null, userAgent: null, navStart: null, protocol: null });
      await store().ingest.perf.insertPerfReport(report);
      await store().ingest.perf.insertPerfReport(bare);
      expect(await list()).toEqual([bare, report]);
    });

    it('lists reports received in [from, to), newest first, at most `limit`', async () => {
      for (const [i, at] of [T0, T0 + 3_000, T0 + 2_000, T0 + 9_000].entries()) {
        await store().ingest.perf.insertPerfReport(perfReport({ id: `p-${i}`, receivedAt: at }));
      }
      expect(await receivedTimes({ from: T0, to: T0 + 9_000 })).toEqual([T0 + 3_000, T0 + 2_000, T0]);
      expect(await receivedTimes({ from: T0 + 1, to: T0 + 9_001 })).toEqual([T0 + 9_000, T0 + 3_000, T0 + 2_000]);
      expect(await receivedTimes({ limit: 2 })).toEqual([T0 + 9_000, T0 + 3_000]);
      expect(await receivedTimes({ from: T0 + 20_000 })).toEqual([]);
    });

    it('lists reports received at the same millisecond newest stored first, alike on every engine', async () => {
      for (const id of ['t-1', 't-2', 't-3']) await store().ingest.perf.insertPerfReport(perfReport({ id, receivedAt: T0 + 4_000 }));
      await store().ingest.perf.insertPerfReport(perfReport({ id: 't-0', receivedAt: T0 + 5_000 }));
      expect((await list()).map((r) => r.id)).toEqual(['t-0', 't-3', 't-2', 't-1']);
      expect((await list({ pageId: 'home', limit: 2 })).map((r) => r.id)).toEqual(['t-0', 't-3']);
    });

    it('filters by vertical, page, sub-page and page tag, each alone or together', async () => {
      const reports = [
        perfReport({ id: 'a', receivedAt: T0 + 1, vertical: 'flights', pageId: 'home', subPageId: 'main' }),
        perfReport({ id: 'b', receivedAt: T0 + 2, vertical: 'flights', pageId: 'results', subPageId: 'main' }),
        perfReport({ id: 'c', receivedAt: T0 + 3, vertical: 'hotels', pageId: 'home', subPageId: 'map', pageTag: 'run-7' }),
        perfReport({ id: 'd', receivedAt: T0 + 4, vertical: null, pageId: null, subPageId: null }),
      ];
      for (const report of reports) await store().ingest.perf.insertPerfReport(report);
      const ids = async (filter: Partial<PerfFilter>) => (await list(filter)).map((r) => r.id);
      expect(await ids({})).toEqual(['d', 'c', 'b', 'a']);
      expect(await ids({ vertical: 'flights' })).toEqual(['b', 'a']);
      expect(await ids({ pageId: 'home' })).toEqual(['c', 'a']);
      expect(await ids({ subPageId: 'main' })).toEqual(['b', 'a']);
      expect(await ids({ vertical: 'flights', pageId: 'home', subPageId: 'main' })).toEqual(['a']);
      expect(await ids({ vertical: 'trains' })).toEqual([]);
      expect(await ids({ pageTag: 'run-7' })).toEqual(['c']);
      expect(await ids({ pageTag: 'run-7', vertical: 'flights' })).toEqual([]);
    });

    it('stores a report id once, the first copy kept, even when two copies are written at once', async () => {
      await store().ingest.perf.insertPerfReport(perfReport({ id: 'once' }));
      await store().ingest.perf.insertPerfReport(perfReport({ id: 'once', receivedAt: T0 + 5_000, pageId: 'retry' }));
      const twin = perfReport({ id: 'twin', receivedAt: T0 + 2_000 });
      await Promise.all([store().ingest.perf.insertPerfReport(twin), store().ingest.perf.insertPerfReport(twin)]);
      expect((await list()).map((r) => [r.id, r.receivedAt, r.pageId])).toEqual([['twin', T0 + 2_000, 'home'], ['once', T0 + 1_000, 'home']]);
    });

    it('stores every report without an id (pages older than report ids)', async () => {
      await store().ingest.perf.insertPerfReport(perfReport({ id: null }));
      await store().ingest.perf.insertPerfReport(perfReport({ id: null }));
      expect((await list()).map((r) => r.id)).toEqual([null, null]);
    });
  });
}
