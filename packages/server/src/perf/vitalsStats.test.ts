import { describe, expect, it } from 'vitest';
import { distribution } from './distribution.js';
import { navigationBreakdown } from './navigationBreakdown.js';
import { percentile } from './percentile.js';
import { perfReport } from './testing/reportFixture.js';
import { summarizeMetric, vitalsByPage, vitalsOverTime } from './vitalsStats.js';

describe('percentile', () => {
  it('is nearest-rank: a measured value', () => {
    expect(percentile([4, 1, 3, 2], 75)).toBe(3);
    expect(percentile([10], 75)).toBe(10);
    expect(percentile([1, 2, 3, 4, 5], 50)).toBe(3);
    expect(percentile([], 75)).toBeNull();
  });
});

describe('summarizeMetric', () => {
  it('gives the p75, its rating and the rating shares by the spec thresholds', () => {
    const lcps = [1000, 2000, 2500, 3000, 3500, 4500, 5000, 1500];
    const summary = summarizeMetric('wv_lcp', [...lcps.map((v) => perfReport({ wv_lcp: v })), perfReport({ wv_cls: 0.3 })]);
    expect(summary).toEqual({ name: 'LCP', count: 8, p75: 3500, rating: 'needs-improvement', good: 4 / 8, needsImprovement: 2 / 8, poor: 2 / 8 });
    expect(summarizeMetric('wv_inp', [perfReport()])).toMatchObject({ count: 0, p75: null, rating: null, good: 0 });
  });
});

describe('vitalsByPage and vitalsOverTime', () => {
  it('groups by vertical, pageId and subPageId, busiest first', () => {
    const reports = [
      perfReport({ wv_cls: 0.3 }, { pageId: 'results' }),
      perfReport({ wv_cls: 0.01 }),
      perfReport({ wv_cls: 0.02 }),
    ];
    const pages = vitalsByPage(reports, 10);
    expect(pages.map((p) => [p.pageId, p.count])).toEqual([['home', 2], ['results', 1]]);
    expect(pages[1]?.metrics.find((m) => m.name === 'CLS')).toMatchObject({ p75: 0.3, rating: 'poor', poor: 1 });
  });

  it('buckets by receive time, keeping empty buckets', () => {
    const reports = [perfReport({ wv_ttfb: 100 }, { receivedAt: 3_600_000 + 5 }), perfReport({ wv_ttfb: 900 }, { receivedAt: 3 * 3_600_000 })];
    const buckets = vitalsOverTime(reports, 3_600_000, 4 * 3_600_000, 3_600_000);
    expect(buckets.map((b) => [b.start, b.count])).toEqual([[3_600_000, 1], [7_200_000, 0], [10_800_000, 1]]);
    expect(buckets[2]?.metrics.find((m) => m.name === 'TTFB')).toMatchObject({ p75: 900, rating: 'needs-improvement' });
  });
});

describe('distribution', () => {
  it('bins values on readable edges, rates each bin and keeps outliers in the last bin', () => {
    const bins = distribution('wv_inp', [50, 210, 220, 600, 90_000].map((v) => perfReport({ wv_inp: v })), 10);
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
  it('takes the median of each phase where both ends were measured', () => {
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
    const breakdown = navigationBreakdown([timed(10, true), timed(30, false), timed(20, true), perfReport()]);
    expect(breakdown.dns).toEqual({ median: 20, count: 3 });
    expect(breakdown.tls).toEqual({ median: 30, count: 2 });
    expect(breakdown.redirect).toEqual({ median: null, count: 0 });
    expect(breakdown.request.median).toBe(100);
    expect(breakdown.response.median).toBe(20);
    expect(breakdown.dom.median).toBe(300);
    expect(breakdown.load.median).toBe(3);
  });
});
