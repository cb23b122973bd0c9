import { describe, expect, it } from 'vitest';
import { MAX_TARGETS, OTHER, addAttribution, boundAttribution, emptyAttribution } from '../../perf/attribution/attributionStats.js';
import type { AttributionStats } from '../../perf/attribution/attributionStats.js';
import type { PerfReport } from '../../perf/contract.js';
import { ATTRIBUTED_METRICS } from '../../perf/attribution/contract.js';
import { mergeMetricRows } from '../../perf/attribution/metricRollup.js';
import type { PerfRollupFilter } from '../../perf/ports.js';
import { mergeRows } from '../../perf/vitalsStats.js';
import { coverWindow } from '../../rollups/timeGrid.js';
import { BROWSER_AGENTS, DAY, MINUTE, perfReport, T0 } from './fixtures.js';
import type { OpenStore } from './openStore.js';
import { storePerTest } from './openStore.js';

/** A report naming LCP element `element` and INP script `script`, its subparts adding up. */
const attributed = (i: number, at: number, element: string, script = '/app.js'): PerfReport => {
  const lcp = 1000 + 37 * i;
  const inp = 80 + 9 * i;
  return perfReport({
    id: `a-${i}-${element}`,
    receivedAt: at,
    vitals: { wv_lcp: lcp, wv_cls: 0.05, wv_inp: inp, wv_fid: null, wv_fcp: null, wv_ttfb: 100 },
    attribution: {
      wa_lcp_target: element,
      wa_lcp_url: 'https://site.test/hero.jpg',
      wa_lcp_timeToFirstByte: 100,
      wa_lcp_resourceLoadDelay: (lcp - 100) * 0.5,
      wa_lcp_resourceLoadDuration: (lcp - 100) * 0.3,
      wa_lcp_elementRenderDelay: (lcp - 100) * 0.2,
      wa_inp_target: 'button.buy',
      wa_inp_inputDelay: inp * 0.1,
      wa_inp_processingDuration: inp * 0.7,
      wa_inp_presentationDelay: inp * 0.2,
      wa_inp_scriptUrl: script,
      wa_cls_target: 'div.banner',
      wa_cls_value: 0.05,
    },
  });
};

type PageFilter = Pick<PerfRollupFilter, 'vertical' | 'pageId' | 'subPageId'>;

const expectedOf = (reports: readonly PerfReport[]): AttributionStats => {
  const stats = emptyAttribution();
  for (const report of reports) addAttribution(stats, report);
  return stats;
};

// Comparable form: every target's count and bucket counts, every subpart's bucket counts.
const plain = (stats: AttributionStats | null) =>
  (stats ?? emptyAttribution()).map((metric) => ({
    subparts: metric.subparts.map((sketch) => Object.fromEntries([...sketch].sort(([a], [b]) => a - b))),
    targets: Object.fromEntries(
      [...metric.targets.values()]
        .sort((a, b) => (`${a.kind} ${a.target}` < `${b.kind} ${b.target}` ? -1 : 1))
        .map((t) => [`${t.kind} ${t.target}`, { count: t.count, sketches: t.sketches.map((s) => Object.fromEntries([...s].sort(([a], [b]) => a - b))) }]),
    ),
  }));

/**
 * The rollups' attribution (perf/attribution/attributionStats.ts): each stored report's offenders
 * and subparts counted once into every level, merged across many writes to one row (folds
 * included), and bounded per page and period.
 */
export function describePerfAttribution(open: OpenStore): void {
  describe('perf attribution rollups', () => {
    const store = storePerTest(open);
    // Each metric's rows merged as the attribution API does, then bounded as it does: the whole
    // site's own rows, or (`page`) the page's.
    const read = async (from: number, to: number, page: PageFilter = {}): Promise<AttributionStats> => {
      const stats: AttributionStats = [];
      for (const metric of ATTRIBUTED_METRICS) {
        const rows = await store().query.perf.readPerfAttribution({ ...page, pieces: coverWindow(from, to), metric });
        stats.push(mergeMetricRows(rows, metric).attribution);
      }
      boundAttribution(stats);
      return stats;
    };
    const homePage: PageFilter = { vertical: 'flights', pageId: 'home', subPageId: 'main' };

    it('keeps offenders and subparts of every report, through both ports and many writes to one row', async () => {
      const reports = Array.from({ length: 24 }, (_, i) => attributed(i, T0 + 3 * MINUTE + i * 1000, `img.hero-${i % 3}`));
      // One write per report, then a batch: more merges into the same rows than a fold lets pile up.
      for (const report of reports.slice(0, 12)) await store().ingest.perf.insertPerfReport(report);
      await store().ingest.writeBatch(reports.slice(12).map((report) => ({ kind: 'perf' as const, report })));
      await store().ingest.writeBatch([{ kind: 'perf', report: reports[0]! }]); // a retry adds nothing
      const expected = plain(expectedOf(reports));
      expect(plain(await read(T0, T0 + DAY))).toEqual(expected); // the day row
      expect(plain(await read(T0 + 3 * MINUTE, T0 + 4 * MINUTE))).toEqual(expected); // the minute row
      expect(plain(await read(T0, T0 + DAY, homePage))).toEqual(expected); // the page's own rows
      expect(plain(await read(T0 + 3 * MINUTE, T0 + 4 * MINUTE, { vertical: 'flights' }))).toEqual(expected);
    });

    it(`lists up to ${MAX_TARGETS} targets per page and period, a rare one among them, and sums the rest as "${OTHER}"`, async () => {
      const rare = attributed(0, T0 + MINUTE, 'p.rare');
      const common = Array.from({ length: MAX_TARGETS + 9 }, (_, i) => [attributed(i + 1, T0 + MINUTE, `div.t${i}`), attributed(i + 100, T0 + MINUTE, `div.t${i}`)]).flat();
      await store().ingest.writeBatch([rare, ...common.slice(0, 10)].map((report) => ({ kind: 'perf' as const, report })));
      const early = (await read(T0, T0 + DAY))![0]!.targets;
      expect(early.get('element\u0000p.rare')?.count).toBe(1); // room left: the rare one is listed
      await store().ingest.writeBatch(common.slice(10).map((report) => ({ kind: 'perf' as const, report })));
      const lcp = (await read(T0, T0 + DAY))![0]!;
      const elements = [...lcp.targets.values()].filter((t) => t.kind === 'element');
      expect(elements.filter((t) => t.target !== OTHER)).toHaveLength(MAX_TARGETS);
      expect(elements.reduce((sum, t) => sum + t.count, 0)).toBe(1 + common.length);
      expect(elements.find((t) => t.target === OTHER)!.count).toBeGreaterThan(0);
      expect(elements.find((t) => t.target === 'p.rare')).toBeUndefined(); // past the 50, in "other"
    });

    it("keeps the whole site's rows beside each page's: the site's sum every page, a page's hold only its own", async () => {
      const home = Array.from({ length: 6 }, (_, i) => attributed(i, T0 + 2 * MINUTE + i * 1000, `img.home-${i % 2}`));
      const results = Array.from({ length: 5 }, (_, i) => ({ ...attributed(i + 50, T0 + 2 * MINUTE + i * 1000, 'img.list', '/list.js'), pageId: 'results' }));
      const unattributed = perfReport({ id: 'no-attribution', receivedAt: T0 + 2 * MINUTE, pageId: 'results' });
      await store().ingest.writeBatch([...home.slice(0, 3), ...results, unattributed].map((report) => ({ kind: 'perf' as const, report })));
      for (const report of home.slice(3)) await store().ingest.perf.insertPerfReport(report);
      expect(plain(await read(T0, T0 + DAY))).toEqual(plain(expectedOf([...home, ...results])));
      expect(plain(await read(T0, T0 + DAY, homePage))).toEqual(plain(expectedOf(home)));
      expect(plain(await read(T0, T0 + DAY, { pageId: 'results' }))).toEqual(plain(expectedOf(results)));
      // Each row also counts the reports that measured the metric and their values, attributed or
      // not: the same as the vitals rows, for the site and for a page.
      for (const [page, reports] of [[{}, 12], [{ pageId: 'results' }, 6]] as const) {
        const pieces = coverWindow(T0, T0 + DAY);
        const site = mergeMetricRows(await store().query.perf.readPerfAttribution({ ...page, pieces, metric: 'LCP' }), 'LCP');
        const vitals = mergeRows(await store().query.perf.readPerfRollups({ ...page, pieces }));
        expect(site.reports).toBe(reports);
        expect(Object.fromEntries(site.value)).toEqual(Object.fromEntries(vitals.sketches[0]!));
      }
    });

    it("counts each report once in the site's and the page's rows, whichever browser family sent it", async () => {
      // Each report is also counted in its browser family's vitals rows; those must not add to the
      // attribution rows (perf/attribution/attributionDeltas.ts keeps the page rows only).
      const reports = Array.from({ length: 8 }, (_, i) => ({
        ...attributed(i, T0 + MINUTE + i * 1000, `img.hero-${i % 2}`),
        userAgent: i % 2 ? BROWSER_AGENTS.firefox : BROWSER_AGENTS.chromium,
      }));
      await store().ingest.writeBatch(reports.slice(0, 4).map((report) => ({ kind: 'perf' as const, report })));
      for (const report of reports.slice(4)) await store().ingest.perf.insertPerfReport(report);
      const pieces = coverWindow(T0, T0 + DAY);
      for (const page of [{}, homePage]) {
        for (const metric of ATTRIBUTED_METRICS) {
          const rows = mergeMetricRows(await store().query.perf.readPerfAttribution({ ...page, pieces, metric }), metric);
          expect(rows.reports, `${metric} of ${page.pageId ?? 'the site'}`).toBe(reports.length);
        }
        expect(plain(await read(T0, T0 + DAY, page))).toEqual(plain(expectedOf(reports)));
      }
    });

    it('reads the attribution only when asked: the other vitals reads do not pay for it', async () => {
      await store().ingest.writeBatch([{ kind: 'perf', report: attributed(1, T0 + MINUTE, 'img.hero') }]);
      const rows = await store().query.perf.readPerfRollups({ pieces: coverWindow(T0, T0 + DAY) });
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((row) => !('attribution' in row))).toBe(true);
      expect(mergeRows(rows).attribution).toBeNull();
    });

    it('gives raw reports back with their attribution and navigation kind', async () => {
      const plainTiming = Object.fromEntries(Object.keys(perfReport().timing).map((k) => [k, null])) as PerfReport['timing'];
      const report = { ...attributed(3, T0 + MINUTE, 'img.hero'), nav: 'soft' as const, navStart: null, timing: plainTiming };
      await store().ingest.perf.insertPerfReport(report);
      await store().ingest.perf.insertPerfReport(perfReport({ id: 'plain', receivedAt: T0 + MINUTE }));
      const listed = await store().query.perf.listPerfReports({ from: T0, to: T0 + DAY, limit: 10 });
      const byId = new Map(listed.map((r) => [r.id, r]));
      expect(byId.get(report.id)).toMatchObject({ nav: 'soft', attribution: report.attribution, timing: plainTiming });
      expect(byId.get('plain')).toMatchObject({ nav: 'hard', attribution: null });
    });
  });
}
