import { describe, expect, it } from 'vitest';
import { distribution } from './distribution.js';
import { percentile } from '../rollups/percentile.js';
import { encodeSketches } from '../rollups/sketchCodec.js';
import { addReport, emptyStats } from './perfRollup.js';
import type { PerfReport } from './contract.js';
import type { PerfRollupRow } from './ports.js';
import { perfReport } from './testing/reportFixture.js';
import { mergeRows, navigationBreakdown, summarizeVitals, vitalsByPage, vitalsOverTime } from './vitalsStats.js';

// One rollup row per report, at its receive time: what the stores would hold for them.
const rowsOf = (reports: PerfReport[]): PerfRollupRow[] =>
  reports.map((report) => {
    const stats = emptyStats();
    addReport(stats, report);
    const page = { vertical: report.vertical, pageId: report.pageId, subPageId: report.subPageId };
    return { start: report.receivedAt, page, values: stats.values, sketches: encodeSketches(stats.sketches) };
  });
const statsOf = (reports: PerfReport[]) => mergeRows(rowsOf(reports));
const within1 = (actual: number | null | undefined, exact: number) => expect(Math.abs(actual! - exact)).toBeLessThanOrEqual(exact * 0.01);

describe('percentile', () => {
  it('is nearest-rank: a measured value', () => {
    expect(percentile([4, 1, 3, 2], 75)).toBe(3);
    expect(percentile([10], 75)).toBe(10);
    expect(percentile([1, 2, 3, 4, 5], 50)).toBe(3);
    expect(percentile([], 75)).toBeNull();
  });
});

describe('summarizeVitals', () => {
  it('gives p75, p90 and p99 within 1 %, the rating by the p75 and the rating shares by the spec thresholds', () => {
    const lcps = [1000, 2000, 2500, 3000, 3500, 4500, 5000, 1500];
    const [lcp, , inp] = summarizeVitals(statsOf([...lcps.map((v) => perfReport({ wv_lcp: v })), perfReport({ wv_cls: 0.3 })]));
    expect(lcp).toMatchObject({ name: 'LCP', count: 8, rating: 'needs-improvement', good: 4 / 8, needsImprovement: 2 / 8, poor: 2 / 8 });
    within1(lcp?.p75, 3500);
    within1(lcp?.p90, 5000);
    within1(lcp?.p99, 5000);
    expect(inp).toMatchObject({ count: 0, p75: null, p90: null, p99: null, rating: null, good: 0 });
  });
});

describe('vitalsByPage and vitalsOverTime', () => {
  it('groups by vertical, pageId and subPageId, busiest first', () => {
    const reports = [
      perfReport({ wv_cls: 0.3 }, { pageId: 'results' }),
      perfReport({ wv_cls: 0.01 }),
      perfReport({ wv_cls: 0.02 }),
    ];
    const pages = vitalsByPage(rowsOf(reports), 10);
    expect(pages.map((p) => [p.pageId, p.count])).toEqual([['home', 2], ['results', 1]]);
    const cls = pages[1]?.metrics.find((m) => m.name === 'CLS');
    expect(cls).toMatchObject({ rating: 'poor', poor: 1 });
    within1(cls?.p75, 0.3);
  });

  it('buckets by row start, keeping empty buckets', () => {
    const reports = [perfReport({ wv_ttfb: 100 }, { receivedAt: 3_600_000 + 5 }), perfReport({ wv_ttfb: 900 }, { receivedAt: 3 * 3_600_000 })];
    const buckets = vitalsOverTime(rowsOf(reports), 3_600_000, 4 * 3_600_000, 3_600_000);
    expect(buckets.map((b) => [b.start, b.count])).toEqual([[3_600_000, 1], [7_200_000, 0], [10_800_000, 1]]);
    const ttfb = buckets[2]?.metrics.find((m) => m.name === 'TTFB');
    expect(ttfb).toMatchObject({ rating: 'needs-improvement' });
    within1(ttfb?.p75, 900);
  });
});

describe('distribution', () => {
  it('bins values on readable edges, rates each bin and keeps outliers in the last bin', () => {
    const sketch = statsOf([50, 210, 220, 650, 90_000].map((v) => perfReport({ wv_inp: v }))).sketches[2]!;
    const bins = distribution('INP', sketch, 10);
    expect(bins).toHaveLength(10);
    expect(bins.reduce((n, b) => n + b.count, 0)).toBe(5);
    // The outlier is capped at 4 × the poor limit (2000 ms): 10 bins of 200 ms.
    expect(bins.map((b) => b.from).slice(0, 3)).toEqual([0, 200, 400]);
    expect(bins.map((b) => b.count).slice(0, 4)).toEqual([1, 2, 0, 1]);
    expect(bins[0]?.rating).toBe('good');
    expect(bins.at(-1)?.rating).toBe('poor');
    expect(bins.at(-1)?.count).toBeGreaterThanOrEqual(1);
  });
});

describe('navigationBreakdown', () => {
  it('takes the mean of each phase where both ends were measured', () => {
    const nav = 1_700_000_000_000;
    const timed = (dns: number, ssl: boolean) =>
      perfReport({}, {
        timing: {
          ...perfReport().timing,
          nt_dns_st: nav + 1, nt_dns_end: nav + 1 + dns, nt_con_st: nav + 20, nt_con_end: nav + 60,
          nt_ssl_st: ssl ? nav + 30 : 0, nt_req_st: nav + 61, nt_res_st: nav + 161, nt_res_end: nav + 181,
          nt_domcomp: nav + 481, nt_load_st: nav + 482, nt_load_end: nav + 485, nt_red_st: 0, nt_red_end: 0,
        },
      });
    const breakdown = navigationBreakdown(statsOf([timed(10, true), timed(60, false), timed(20, true), perfReport()]));
    expect(breakdown.dns).toEqual({ mean: 30, count: 3 });
    expect(breakdown.tls).toEqual({ mean: 30, count: 2 });
    expect(breakdown.redirect).toEqual({ mean: null, count: 0 });
    expect(breakdown.request.mean).toBe(100);
    expect(breakdown.response.mean).toBe(20);
    expect(breakdown.dom.mean).toBe(300);
    expect(breakdown.load.mean).toBe(3);
  });
});
