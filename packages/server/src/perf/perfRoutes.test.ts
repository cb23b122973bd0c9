import { describe, expect, it } from 'vitest';
import { consoleAuth, testAppForEachTest } from '../testing/testApp.js';

const t = testAppForEachTest();

const FORM = 'application/x-www-form-urlencoded;charset=UTF-8';
const form = (fields: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(fields).map(([k, v]): [string, string] => [k, String(v)])).toString();
const post = (payload: string, contentType = FORM, url = '/s/run/perf') =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType, 'user-agent': 'TestAgent' } });

describe('POST /s/run/perf', () => {
  it('stores a form-encoded report and answers 204', async () => {
    const nav = Date.now() - 10_000;
    const res = await post(form({ nt_nav_st: nav, nt_fet_st: nav + 3, nt_res_st: nav + 80, wv_lcp: 1800.25, wv_cls: 0.02, url: 'http://x.test/', vertical: 'cars', pageId: 'home', extra: 'dropped' }));
    expect(res.statusCode).toBe(204);
    const [report] = await t.storage.query.perf.listPerfReports({ from: 0, to: Date.now() + 1, limit: 5 });
    expect(report).toMatchObject({ navStart: nav, vertical: 'cars', pageId: 'home', userAgent: 'TestAgent', url: 'http://x.test/' });
    expect(report?.vitals).toMatchObject({ wv_lcp: 1800.25, wv_cls: 0.02, wv_inp: null });
    expect(report?.timing).toMatchObject({ nt_fet_st: nav + 3, nt_res_st: nav + 80 });
  });

  it('answers bad input with 400 and a reason, storing nothing', async () => {
    const res = await post(form({ wv_lcp: '-1' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'TARMAC_BAD_BODY', reason: expect.stringContaining('wv_lcp') });
    expect(await t.storage.query.perf.listPerfReports({ from: 0, to: Date.now() + 1, limit: 5 })).toHaveLength(0);
  });

  it('refuses JSON, oversized bodies and other origins', async () => {
    expect((await post(JSON.stringify({ wv_lcp: 1 }), 'application/json')).statusCode).toBe(415);
    expect((await post(form({ wv_lcp: 1, url: 'x'.repeat(20_000) }))).statusCode).toBe(413);
    const cross = await t.app.inject({ method: 'POST', url: '/s/run/perf', payload: form({ wv_lcp: 1 }), headers: { 'content-type': FORM, origin: 'https://evil.test' } });
    expect(cross.statusCode).toBe(403);
  });
});

describe('console vitals API', () => {
  it('summarises stored reports behind the console token', async () => {
    for (const lcp of [1000, 2000, 3000, 5000]) expect((await post(form({ wv_lcp: lcp, vertical: 'flights', pageId: 'home' }))).statusCode).toBe(204);
    await post(form({ wv_lcp: 100, vertical: 'hotels', pageId: 'home' }));
    expect((await t.app.inject({ url: '/console/api/vitals/summary' })).statusCode).toBe(401);
    const summary = (await t.app.inject({ url: '/console/api/vitals/summary?vertical=flights', headers: consoleAuth })).json();
    expect(summary.count).toBe(4);
    const lcp = summary.metrics.find((m: { name: string }) => m.name === 'LCP');
    expect(lcp).toMatchObject({ rating: 'needs-improvement', good: 0.5, poor: 0.25 });
    // From the merged sketch: within 1 % of the nearest-rank values of 1000, 2000, 3000, 5000.
    for (const [p, exact] of [['p75', 3000], ['p90', 5000], ['p99', 5000]] as const) expect(Math.abs(lcp[p] - exact)).toBeLessThanOrEqual(exact * 0.01);
    const pages = (await t.app.inject({ url: '/console/api/vitals/pages', headers: consoleAuth })).json();
    expect(pages.pages.map((p: { vertical: string; count: number }) => [p.vertical, p.count])).toEqual([['flights', 4], ['hotels', 1]]);
    const timeline = (await t.app.inject({ url: `/console/api/vitals/timeline?from=${Date.now() - 3_600_000}`, headers: consoleAuth })).json();
    expect(timeline.bucketMs).toBe(300_000);
    expect(timeline.buckets.reduce((n: number, b: { count: number }) => n + b.count, 0)).toBe(5);
    const dist = (await t.app.inject({ url: '/console/api/vitals/distribution?metric=LCP', headers: consoleAuth })).json();
    expect(dist.bins.reduce((n: number, b: { count: number }) => n + b.count, 0)).toBe(5);
    const raw = (await t.app.inject({ url: '/console/api/vitals/reports?vertical=hotels&limit=5', headers: consoleAuth })).json();
    expect(raw.reports).toHaveLength(1);
    expect(raw.reports[0].vitals.wv_lcp).toBe(100);
    expect((await t.app.inject({ url: '/console/api/vitals/distribution?metric=XYZ', headers: consoleAuth })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/console/api/vitals/summary?from=10&to=5', headers: consoleAuth })).json()).toMatchObject({ code: 'TARMAC_BAD_QUERY' });
  });
});
