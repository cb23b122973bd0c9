import { describe, expect, it } from 'vitest';
import { logNormal, seededRandom } from '../../seed/syntheticTraffic.js';
import { consoleAuth, testAppForEachTest } from '../../testing/testApp.js';
import type { PerfReport } from '../contract.js';
import { percentile } from '../../rollups/percentile.js';
import { perfReport } from '../testing/reportFixture.js';

const t = testAppForEachTest();
const get = (query: string) => t.app.inject({ method: 'GET', url: `/console/api/vitals/attribution?${query}`, headers: consoleAuth });

// Three LCP elements: a common fast one, a slow hero whose image is found late, a rare slow one.
const ELEMENTS = [
  { target: 'h1.title', share: 0.6, median: 1200, delayShare: 0.1 },
  { target: 'img.hero', share: 0.38, median: 3800, delayShare: 0.6 },
  { target: 'p.rare', share: 0.02, median: 2000, delayShare: 0.2 },
];
const SUBPARTS = ['timeToFirstByte', 'resourceLoadDelay', 'resourceLoadDuration', 'elementRenderDelay'] as const;

function generate(count: number): PerfReport[] {
  const random = seededRandom(24);
  const now = Date.now() - 60_000;
  return Array.from({ length: count }, (_, i) => {
    const r = random();
    const element = r < ELEMENTS[0]!.share ? ELEMENTS[0]! : r < 1 - ELEMENTS[2]!.share ? ELEMENTS[1]! : ELEMENTS[2]!;
    const lcp = logNormal(random, element.median, 0.4);
    const ttfb = Math.min(lcp * 0.5, logNormal(random, 200, 0.5));
    const rest = lcp - ttfb;
    const delay = rest * element.delayShare * (0.5 + random());
    const duration = (rest - delay) * random();
    const parts = [ttfb, delay, duration, rest - delay - duration];
    return perfReport(
      { wv_lcp: lcp },
      {
        id: `g-${i}`,
        receivedAt: now - (i % 3_000) * 1_000,
        pageId: i % 10 === 0 ? 'other-page' : 'home',
        attribution: { wa_lcp_target: element.target, ...Object.fromEntries(SUBPARTS.map((name, j) => [`wa_lcp_${name}`, parts[j]])) },
      },
    );
  });
}

const within2 = (actual: number | null, exact: number | null) => actual !== null && exact !== null && Math.abs(actual - exact) <= 0.02 * exact;

describe('GET /console/api/vitals/attribution', () => {
  it('answers subpart p75s within 2 % of the exact ones, per page and per offender, and ranks the offenders', async () => {
    const reports = generate(20_000);
    for (let i = 0; i < reports.length; i += 5_000)
      await t.storage.ingest.writeBatch(reports.slice(i, i + 5_000).map((report) => ({ kind: 'perf' as const, report })));
    const response = await get('metric=LCP&pageId=home&from=' + (Date.now() - 86_400_000));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const home = reports.filter((r) => r.pageId === 'home');
    const exact = (of: PerfReport[], name: string) => percentile(of.map((r) => r.attribution![`wa_lcp_${name}` as 'wa_lcp_timeToFirstByte'] as number), 75);
    expect(body.metric).toBe('LCP');
    expect(body.reports).toBe(home.length);
    expect(within2(body.p75, percentile(home.map((r) => r.vitals.wv_lcp!), 75))).toBe(true);
    for (const name of SUBPARTS) expect({ name, ok: within2(body.subparts[name], exact(home, name)) }).toEqual({ name, ok: true });
    expect(body.offenders.map((o: { target: string }) => o.target)).toEqual(['img.hero', 'h1.title', 'p.rare']);
    for (const offender of body.offenders) {
      const own = home.filter((r) => r.attribution!.wa_lcp_target === offender.target);
      expect(offender).toMatchObject({ kind: 'element', count: own.length });
      expect(within2(offender.p75, percentile(own.map((r) => r.vitals.wv_lcp!), 75))).toBe(true);
      for (const name of SUBPARTS) expect({ name, ok: within2(offender.subparts[name], exact(own, name)) }).toEqual({ name, ok: true });
    }
  }, 120_000);

  it('answers a metric without attribution with its count and p75 and no offenders', async () => {
    await t.storage.ingest.writeBatch([{ kind: 'perf', report: perfReport({ wv_inp: 320 }, { id: 'x', receivedAt: Date.now() - 1_000 }) }]);
    const body = (await get('metric=INP')).json();
    expect(body).toMatchObject({ metric: 'INP', reports: 1, offenders: [], subparts: { inputDelay: null, processingDuration: null, presentationDelay: null } });
    expect(within2(body.p75, 320)).toBe(true);
  });

  it.each([
    ['an unknown metric', 'metric=FID'],
    ['a metric in lower case', 'metric=lcp'],
    ['no metric', 'pageId=home'],
  ])('refuses %s with a coded 400', async (_label, query) => {
    const response = await get(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'TARMAC_BAD_QUERY' });
  });

  it('is behind the console token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/console/api/vitals/attribution?metric=LCP' });
    expect(response.statusCode).toBe(401);
  });
});
