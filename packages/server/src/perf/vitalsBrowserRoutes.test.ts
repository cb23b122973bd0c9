import { describe, expect, it } from 'vitest';
import { consoleAuth, testAppForEachTest } from '../testing/testApp.js';

const t = testAppForEachTest();

// Real user agents: the server decides the family from the request's header.
const AGENTS = {
  chromium: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  webkit: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
} as const;

const send = (agent: string, fields: Record<string, string | number>) =>
  t.app.inject({
    method: 'POST',
    url: '/s/run/perf',
    payload: new URLSearchParams(Object.entries({ vertical: 'flights', pageId: 'home', ...fields }).map(([k, v]): [string, string] => [k, String(v)])).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8', 'user-agent': agent },
  });
const vitals = async (path: string, query = '') => t.app.inject({ url: `/console/api/vitals/${path}?${query}`, headers: consoleAuth });

type Metric = { name: string; count: number; p75: number | null; rating: string | null };
const byName = (metrics: Metric[]) => Object.fromEntries(metrics.map((m) => [m.name, m]));

/** As the engines send them: Chromium every metric, Firefox no CLS, this WebKit no LCP and no INP. */
async function sendEngines() {
  for (const lcp of [1200, 1500, 1900]) expect((await send(AGENTS.chromium, { wv_lcp: lcp, wv_cls: 0.02, wv_inp: 90, wv_fcp: 800, wv_ttfb: 200 })).statusCode).toBe(204);
  for (const lcp of [2600, 3100]) expect((await send(AGENTS.firefox, { wv_lcp: lcp, wv_inp: 150, wv_fcp: 1000, wv_ttfb: 300 })).statusCode).toBe(204);
  for (const fcp of [700, 900, 1100, 1300]) expect((await send(AGENTS.webkit, { wv_cls: 0.3, wv_fcp: fcp, wv_ttfb: 250 })).statusCode).toBe(204);
  expect((await send('curl/8.5.0', { wv_ttfb: 50 })).statusCode).toBe(204);
}

describe('console vitals API by browser family', () => {
  it('answers each family apart, with how many reports carry each metric', async () => {
    await sendEngines();
    const all = (await vitals('summary')).json();
    expect(all.count).toBe(10);
    expect(Object.fromEntries(all.metrics.map((m: Metric) => [m.name, m.count]))).toEqual({ LCP: 5, CLS: 7, INP: 5, FID: 0, FCP: 9, TTFB: 10 });

    const webkit = (await vitals('summary', 'browser=webkit')).json();
    expect(webkit.count).toBe(4);
    // A metric the engine did not send is absent: counted for no report, no percentile, no rating.
    expect(byName(webkit.metrics).LCP).toMatchObject({ count: 0, p75: null, rating: null });
    expect(byName(webkit.metrics).INP).toMatchObject({ count: 0, p75: null });
    expect(byName(webkit.metrics).CLS).toMatchObject({ count: 4, rating: 'poor' });

    const firefox = byName((await vitals('summary', 'browser=firefox')).json().metrics);
    expect(firefox.CLS).toMatchObject({ count: 0, p75: null });
    expect(firefox.LCP!.count).toBe(2);
    // The site's LCP p75 is not pulled toward 0 by the WebKit reports without one: 1,900 or above.
    expect(byName(all.metrics).LCP!.p75).toBeGreaterThanOrEqual(1900 * 0.99);

    expect((await vitals('summary', 'browser=other')).json().count).toBe(1);
    const pages = (await vitals('pages', 'browser=chromium')).json().pages;
    expect(pages.map((p: { pageId: string; count: number }) => [p.pageId, p.count])).toEqual([['home', 3]]);
    const timeline = (await vitals('timeline', `browser=firefox&from=${Date.now() - 3_600_000}`)).json();
    expect(timeline.buckets.reduce((n: number, b: { count: number }) => n + b.count, 0)).toBe(2);
    const bins = (await vitals('distribution', 'metric=LCP&browser=webkit')).json().bins as Array<{ count: number }>;
    expect(bins.reduce((n, b) => n + b.count, 0)).toBe(0);
    const raw = (await vitals('reports', 'browser=webkit&limit=10')).json().reports as Array<{ userAgent: string }>;
    expect(raw.map((r) => r.userAgent)).toEqual([AGENTS.webkit, AGENTS.webkit, AGENTS.webkit, AGENTS.webkit]);
  });

  it.each([
    ['an unknown family', 'summary', 'browser=safari'],
    ['a family in upper case', 'pages', 'browser=Chromium'],
    ['an empty family', 'timeline', 'browser='],
    ['a family for the raw reports', 'reports', 'browser=edge'],
    // What to fix reads only the page rows, which hold every family's attribution together.
    ['a family for the attribution', 'attribution', 'metric=LCP&browser=chromium'],
  ])('refuses %s with a coded 400', async (_label, path, query) => {
    const response = await vitals(path, query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'TARMAC_BAD_QUERY', reason: expect.stringContaining('browser') });
  });
});
