import { describe, expect, it } from 'vitest';
import type { PerfReport } from '../../perf/contract.js';
import { addReport, emptyStats } from '../../perf/perfRollup.js';
import type { PerfRollupFilter } from '../../perf/ports.js';
import { mergeRows } from '../../perf/vitalsStats.js';
import { coverWindow } from '../../rollups/timeGrid.js';
import type { RollupLevel } from '../../rollups/timeGrid.js';
import { DAY, HOUR, MINUTE, perfReport, T0 } from './fixtures.js';
import type { OpenStore } from './openStore.js';
import { storePerTest } from './openStore.js';

// Navigation timing with every phase, so the phase sums are compared too.
const timed = (at: number, spread: number): PerfReport['timing'] => {
  const t = perfReport().timing;
  const nav = at - 5_000;
  return {
    ...t,
    nt_red_st: nav, nt_red_end: nav + spread, nt_dns_st: nav + 10, nt_dns_end: nav + 12 + spread, nt_con_st: nav + 20,
    nt_ssl_st: nav + 25, nt_con_end: nav + 60, nt_req_st: nav + 61, nt_res_st: nav + 100 + 3 * spread, nt_res_end: nav + 180,
    nt_domcomp: nav + 900, nt_load_st: nav + 901, nt_load_end: nav + 905,
  };
};

/** A report at `at` whose vitals vary with `i`, on one of three pages. */
const varied = (i: number, at: number): PerfReport =>
  perfReport({
    id: `r-${i}`,
    receivedAt: at,
    vertical: i % 3 === 2 ? 'hotels' : 'flights',
    pageId: i % 3 === 1 ? 'results' : 'home',
    subPageId: i % 2 ? 'main' : null,
    timing: timed(at, i % 7),
    vitals: { wv_lcp: 800 + 97 * i, wv_cls: i % 5 ? 0.01 * i : 0, wv_inp: i % 4 ? 40 * i : null, wv_fid: 3 + i, wv_fcp: 500 + 11 * i, wv_ttfb: 90 + 13 * (i % 9) },
  });

/** What raw reports add up to, computed here from the reports themselves. */
const expected = (reports: readonly PerfReport[]) => {
  const stats = emptyStats();
  for (const report of reports) addReport(stats, report);
  return stats;
};

/**
 * The perf rollups (`readPerfRollups`): each stored report counted once in every level, so any
 * window read from whole days, hours and minutes adds up to exactly what its raw reports do.
 */
export function describePerfRollups(open: OpenStore): void {
  describe('perf rollups', () => {
    const store = storePerTest(open);
    const read = async (filter: Omit<PerfRollupFilter, 'pieces'> & { from: number; to: number; coarsest?: RollupLevel }) => {
      const { from, to, coarsest, ...pages } = filter;
      return mergeRows(await store().query.perf.readPerfRollups({ pieces: coverWindow(from, to, coarsest), ...pages }));
    };

    it('counts a retried or redelivered report once, whichever port it came through', async () => {
      const report = varied(1, T0 + 5 * MINUTE);
      await store().ingest.perf.insertPerfReport(report);
      await store().ingest.perf.insertPerfReport({ ...report, receivedAt: T0 + 7 * MINUTE });
      await store().ingest.writeBatch([{ kind: 'perf', report }, { kind: 'perf', report: varied(2, T0 + 6 * MINUTE) }]);
      await store().ingest.writeBatch([{ kind: 'perf', report: varied(2, T0 + 6 * MINUTE) }]);
      const twin = varied(3, T0 + 8 * MINUTE);
      await Promise.all([store().ingest.perf.insertPerfReport(twin), store().ingest.perf.insertPerfReport(twin)]);
      for (const coarsest of ['minute', 'hour', 'day'] as const) {
        expect(await read({ from: T0, to: T0 + DAY, coarsest })).toEqual(expected([report, varied(2, T0 + 6 * MINUTE), twin]));
      }
    });

    it('adds up, over a window of whole days, hours and minutes, to exactly what its raw reports hold', async () => {
      const times = [0, 59_999, MINUTE, 2 * MINUTE + 1, HOUR - 1, HOUR + 30_000, 5 * HOUR, 23 * HOUR + 59 * MINUTE, DAY + 1, DAY + 3 * HOUR,
        2 * DAY - 1, 2 * DAY + 2 * MINUTE, 2 * DAY + HOUR + 7 * MINUTE + 5, 2 * DAY + 2 * HOUR + 6 * MINUTE];
      const reports = times.map((offset, i) => varied(i, T0 + offset));
      await store().ingest.writeBatch(reports.slice(0, 6).map((report) => ({ kind: 'perf', report })));
      for (const report of reports.slice(6)) await store().ingest.perf.insertPerfReport(report);
      const from = T0 + 2 * MINUTE;
      const to = T0 + 2 * DAY + 2 * HOUR + 6 * MINUTE;
      expect(new Set(coverWindow(from, to).map((piece) => piece.level))).toEqual(new Set(['minute', 'hour', 'day']));
      const inWindow = reports.filter((r) => r.receivedAt >= from && r.receivedAt < to);
      expect(inWindow.length).toBe(times.length - 4);
      expect(await read({ from, to })).toEqual(expected(inWindow));
      expect(await read({ from, to, coarsest: 'minute' })).toEqual(expected(inWindow));
      expect(await read({ from: T0 + 3 * DAY, to: T0 + 4 * DAY })).toEqual(emptyStats());
    });

    it('filters by vertical, page and sub-page, and names each row with its page', async () => {
      const reports = Array.from({ length: 12 }, (_, i) => varied(i, T0 + i * MINUTE));
      await store().ingest.writeBatch(reports.map((report) => ({ kind: 'perf', report })));
      const window = { from: T0, to: T0 + DAY };
      const only = (keep: (r: PerfReport) => boolean) => expected(reports.filter(keep));
      expect(await read({ ...window, vertical: 'flights' })).toEqual(only((r) => r.vertical === 'flights'));
      expect(await read({ ...window, pageId: 'results' })).toEqual(only((r) => r.pageId === 'results'));
      expect(await read({ ...window, subPageId: 'main' })).toEqual(only((r) => r.subPageId === 'main'));
      expect(await read({ ...window, vertical: 'flights', pageId: 'home', subPageId: 'main' })).toEqual(
        only((r) => r.vertical === 'flights' && r.pageId === 'home' && r.subPageId === 'main'),
      );
      expect(await read({ ...window, vertical: 'trains' })).toEqual(emptyStats());
      const rows = await store().query.perf.readPerfRollups({ pieces: [{ level: 'day', from: T0, to: T0 + DAY }] });
      const pages = rows.map((row) => [row.start, row.page.vertical, row.page.pageId, row.page.subPageId, row.values[0]]);
      expect(pages.sort()).toEqual(
        [[T0, 'flights', 'home', 'main', 2], [T0, 'flights', 'home', null, 2], [T0, 'flights', 'results', 'main', 2], [T0, 'flights', 'results', null, 2],
          [T0, 'hotels', 'home', 'main', 2], [T0, 'hotels', 'home', null, 2]].sort(),
      );
    });
  });
}
