import { describe, expect, it } from 'vitest';
import { BROWSER_FAMILIES } from '../../perf/browserFamily.js';
import type { BrowserFamily } from '../../perf/browserFamily.js';
import type { PerfReport } from '../../perf/contract.js';
import { addReport, emptyStats } from '../../perf/perfRollup.js';
import type { PerfRollupFilter } from '../../perf/ports.js';
import { mergeRows, summarizeVitals } from '../../perf/vitalsStats.js';
import { coverWindow } from '../../rollups/timeGrid.js';
import type { RollupLevel } from '../../rollups/timeGrid.js';
import { BROWSER_AGENTS, DAY, HOUR, MINUTE, perfReport, T0 } from './fixtures.js';
import type { OpenStore } from './openStore.js';
import { storePerTest } from './openStore.js';

/**
 * A report of family `BROWSER_FAMILIES[i % 4]`, with the vitals that engine really lacks left
 * out (Firefox: no CLS; WebKit here: no LCP, no INP), on one of two pages.
 */
const fromFamily = (i: number, at: number): PerfReport => {
  const family = BROWSER_FAMILIES[i % BROWSER_FAMILIES.length]!;
  return perfReport({
    id: `b-${i}`,
    receivedAt: at,
    pageId: i % 3 ? 'home' : 'results',
    userAgent: BROWSER_AGENTS[family],
    vitals: {
      wv_lcp: family === 'webkit' ? null : 900 + 41 * i,
      wv_cls: family === 'firefox' ? null : 0.01 * (i % 6),
      wv_inp: family === 'webkit' ? null : 60 + 7 * i,
      wv_fid: null,
      wv_fcp: 400 + 13 * i,
      wv_ttfb: 80 + 5 * (i % 11),
    },
  });
};

const familyOf = (report: PerfReport): BrowserFamily =>
  (Object.entries(BROWSER_AGENTS).find(([, agent]) => agent === report.userAgent)![0]) as BrowserFamily;

const expected = (reports: readonly PerfReport[]) => {
  const stats = emptyStats();
  for (const report of reports) addReport(stats, report);
  return stats;
};

/**
 * The browser family as a rollup dimension (perf/browserFamily.ts): a read of one family adds up
 * to exactly its reports, a read without one to every report, on every level and whichever port
 * a report came through; a metric a report lacks is not counted for it; the raw list filters too.
 */
export function describePerfBrowserFamily(open: OpenStore): void {
  describe('perf rollups by browser family', () => {
    const store = storePerTest(open);
    const read = async (filter: Omit<PerfRollupFilter, 'pieces'> & { from: number; to: number; coarsest?: RollupLevel }) => {
      const { from, to, coarsest, ...rest } = filter;
      return mergeRows(await store().query.perf.readPerfRollups({ pieces: coverWindow(from, to, coarsest), ...rest }));
    };

    it('reads each family apart and all of them together, on every level, through both ports', async () => {
      const offsets = [0, 30_000, MINUTE + 1, 2 * MINUTE, HOUR + 5, 2 * HOUR + MINUTE, 5 * HOUR, DAY + 7, DAY + HOUR, DAY + 2 * HOUR + 3];
      const reports = offsets.map((offset, i) => fromFamily(i, T0 + offset));
      await store().ingest.writeBatch(reports.slice(0, 5).map((report) => ({ kind: 'perf', report })));
      for (const report of reports.slice(5)) await store().ingest.perf.insertPerfReport(report);
      const window = { from: T0 + MINUTE, to: T0 + DAY + 2 * HOUR };
      const inWindow = reports.filter((r) => r.receivedAt >= window.from && r.receivedAt < window.to);
      for (const coarsest of ['minute', 'hour', 'day'] as const) {
        expect(await read({ ...window, coarsest })).toEqual(expected(inWindow));
        for (const browser of BROWSER_FAMILIES) {
          expect(await read({ ...window, coarsest, browser }), `${browser} from ${coarsest} rows`).toEqual(
            expected(inWindow.filter((r) => familyOf(r) === browser)),
          );
        }
      }
      expect(await read({ ...window, browser: 'firefox', pageId: 'results' })).toEqual(
        expected(inWindow.filter((r) => familyOf(r) === 'firefox' && r.pageId === 'results')),
      );
    });

    it('counts a metric only for the reports that carry it: a report without LCP is no LCP of 0', async () => {
      const webkit = [0, 1, 2].map((n) => fromFamily(4 * n + 2, T0 + n * MINUTE));
      const chromium = [0, 1].map((n) => fromFamily(4 * n, T0 + n * MINUTE));
      await store().ingest.writeBatch([...webkit, ...chromium].map((report) => ({ kind: 'perf', report })));
      const byName = (stats: ReturnType<typeof emptyStats>) => Object.fromEntries(summarizeVitals(stats).map((m) => [m.name, m]));
      const all = byName(await read({ from: T0, to: T0 + DAY }));
      expect(all.LCP).toMatchObject({ count: 2 });
      expect(all.FCP).toMatchObject({ count: 5 });
      // The smallest LCP stored is Chromium's 900 ms: had WebKit's absent LCP been a 0, the p75 of
      // five values would sit at or below it.
      expect(all.LCP!.p75).toBeGreaterThan(900 * 0.99);
      const safari = byName(await read({ from: T0, to: T0 + DAY, browser: 'webkit' }));
      expect(safari.LCP).toMatchObject({ count: 0, p75: null, rating: null });
      expect(safari.INP).toMatchObject({ count: 0, p75: null });
      expect(safari.FCP).toMatchObject({ count: 3 });
    });

    it('filters the raw reports by family', async () => {
      const reports = Array.from({ length: 8 }, (_, i) => fromFamily(i, T0 + i));
      for (const report of reports) await store().ingest.perf.insertPerfReport(report);
      const list = (browser?: BrowserFamily) => store().query.perf.listPerfReports({ from: T0, to: T0 + MINUTE, limit: 100, ...(browser ? { browser } : {}) });
      expect((await list()).length).toBe(8);
      for (const browser of BROWSER_FAMILIES) {
        const ids = (await list(browser)).map((r) => r.id).sort();
        expect(ids, browser).toEqual(reports.filter((r) => familyOf(r) === browser).map((r) => r.id).sort());
      }
    });
  });
}
