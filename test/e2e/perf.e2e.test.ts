import { describe, expect, inject, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { chromiumForThisFile, engine, eventually, openFixture } from './support/browser.js';
import { consoleApi } from './support/consoleApi.js';
import { perfFixtureHtml, routePerfAssets } from './support/perfFixture.js';

const baseURL = inject('baseURL');
const browser = chromiumForThisFile();

interface StoredReport {
  pageTag: string | null;
  url: string | null;
  vertical: string | null;
  pageId: string | null;
  navStart: number | null;
  protocol: string | null;
  timing: Record<string, number | null>;
  vitals: Record<string, number | null>;
}

const unique = (label: string) => `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
/** The reports the server stored for one fixture run, read through the console API. */
async function storedReports(pageTag: string): Promise<StoredReport[]> {
  const { reports } = await consoleApi<{ reports: StoredReport[] }>(`/vitals/reports?vertical=e2e&pageTag=${pageTag}&limit=10`);
  return reports;
}

async function openPerfFixture(withImage: boolean): Promise<{ page: Page; pageTag: string; pageId: string; perfRequests: Request[]; beacons: () => Promise<number> }> {
  const page = await browser.newPage({ viewport: { width: 1000, height: 800 } });
  const pageTag = unique('tag');
  const pageId = unique('page');
  const perfRequests: Request[] = [];
  page.on('request', (request) => {
    if (request.url() === `${baseURL}/s/run/perf`) perfRequests.push(request);
  });
  await routePerfAssets(page, baseURL, 1200);
  await openFixture(page, baseURL, 'perf', perfFixtureHtml({ pageId, pageTag, withImage }));
  await page.waitForFunction(() => (window as unknown as { fixtureReady?: boolean }).fixtureReady === true);
  return { page, pageTag, pageId, perfRequests, beacons: async () => perfRequests.length };
}

/** Clicks the slow button once, its handler blocking for `delayMs`. */
async function slowClick(page: Page, delayMs: number): Promise<void> {
  await page.evaluate((ms) => ((window as unknown as { nextDelay: number }).nextDelay = ms), delayMs);
  await page.mouse.click(150, 40 + (await page.locator('#slow').boundingBox())!.y);
}

const readJson = (page: Page, key: string) => page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? 'null'), key);

describe('performance reporting', () => {
  it('stores, when the page is left, exactly what web-vitals reports on the same page (INP after 55 interactions)', async () => {
    const { page, pageTag, pageId } = await openPerfFixture(true);
    await page.waitForFunction(() => (window as unknown as { heroLoaded?: boolean }).heroLoaded === true);
    await page.waitForTimeout(1000); // the image paints; the 700 ms shift is done
    // 55 interactions: one of 1000 ms, one of 250 ms, the rest short. With 50+ interactions
    // web-vitals skips the single worst, so INP is the second-worst (~250 ms, not ~1000 ms). The
    // worst is far above the rest: at load 14 a 400 ms one came out at 424 ms as the second-worst.
    for (let i = 0; i < 55; i++) await slowClick(page, i === 10 ? 1000 : i === 30 ? 250 : 12);
    await page.waitForTimeout(1500); // idle callbacks deliver the last event entries
    expect(await storedReports(pageTag)).toHaveLength(0);

    await page.goto(`${baseURL}/__fixture/after.html`);
    const reference = (await readJson(page, 'wv')) as Record<string, number>;
    const fid = (await readJson(page, 'fid')) as number;
    const timing = (await readJson(page, 'timing')) as Record<string, number>;
    const [report, ...more] = await eventually(async () => {
      const found = await storedReports(pageTag);
      return found.length ? found : undefined;
    }, 5000, 'the stored performance report');
    expect(more).toHaveLength(0);
    expect(report).toMatchObject({ vertical: 'e2e', pageId, url: `${baseURL}/__fixture/perf.html` });

    // The very values the reference instance of web-vitals reported, unrounded.
    // A metric the engine does not measure (web-vitals reports nothing) is stored as absent (null).
    expect(report!.vitals).toEqual({
      wv_lcp: reference.LCP ?? null,
      wv_cls: reference.CLS ?? null,
      wv_inp: reference.INP ?? null,
      wv_fcp: reference.FCP ?? null,
      wv_ttfb: reference.TTFB ?? null,
      wv_fid: fid ?? null,
    });
    // The page really had what the test is about, in each metric the engine measures; a metric it
    // lacks the entries for (Firefox has no layout-shift entries) is absent, never 0.
    const measured = await page.evaluate(() => PerformanceObserver.supportedEntryTypes);
    if (measured.includes('largest-contentful-paint')) expect(reference.LCP).toBeGreaterThan(1200); // the late image, not the text
    else expect(report!.vitals.wv_lcp).toBeNull();
    if (measured.includes('layout-shift')) expect(reference.CLS).toBeGreaterThan(0.1);
    else expect(report!.vitals.wv_cls).toBeNull();
    if (measured.includes('event')) {
      // A 250 ms handler: Event Timing rounds durations to 8 ms, so Firefox reports 248.
      expect(reference.INP).toBeGreaterThanOrEqual(248);
      // Skipping the worst needs performance.interactionCount (Chromium). Without it (Firefox)
      // web-vitals estimates the count from interaction ids, assuming Chromium's numbering, and
      // may count fewer than 50 and keep the 1000 ms one (the report carries the same, above).
      if (await page.evaluate(() => 'interactionCount' in performance)) expect(reference.INP).toBeLessThan(1000);
      else expect(reference.INP).toBeLessThan(1000 + 50);
    } else expect(report!.vitals.wv_inp).toBeNull();

    // Navigation timing: Boomerang's names, epoch ms, to the ms.
    expect(Math.abs(report!.navStart! - timing.navigationStart!)).toBeLessThanOrEqual(1);
    const pairs: [string, string][] = [
      ['nt_fet_st', 'fetchStart'], ['nt_dns_st', 'domainLookupStart'], ['nt_con_end', 'connectEnd'], ['nt_req_st', 'requestStart'],
      ['nt_res_st', 'responseStart'], ['nt_res_end', 'responseEnd'], ['nt_domint', 'domInteractive'], ['nt_domcomp', 'domComplete'],
      ['nt_load_st', 'loadEventStart'], ['nt_load_end', 'loadEventEnd'], ['nt_red_st', 'redirectStart'], ['nt_ssl_st', 'secureConnectionStart'],
    ];
    // Each is the navigation entry's time (what the report reads), 0 where a phase did not happen;
    // fetch, lookup and connection always happen (at the time origin on a reused connection). A page
    // the automation answers (route.fulfill) sends no request: Firefox gives its requestStart and
    // responseStart as 0 and so does the report, while the deprecated performance.timing says the
    // time origin (and responseEnd 0). Where both APIs timed a phase they agree; a page the server
    // answers Firefox times whole (the landing page test below).
    const [entry, alwaysHappen] = [(await readJson(page, 'navigation')) as Record<string, number>, ['fetchStart', 'domainLookupStart', 'connectEnd']];
    for (const [field, name] of pairs) {
      const at = entry[name]!;
      expect(Math.abs(report!.timing[field]! - (at || alwaysHappen.includes(name) ? entry.timeOrigin! + at : 0)), field).toBeLessThanOrEqual(1);
      // performance.timing is whole ms from its own start (Firefox's differs from timeOrigin by up to 1 ms).
      // WebKit's legacy responseEnd is a moment of its own, 5 to 2000 ms from the entry's (seen
      // here); the report reads the entry, checked above.
      if (engine === 'webkit' && name === 'responseEnd') continue;
      if (at && timing[name]) expect(Math.abs(report!.timing[field]! - timing[name]!), `${field} against performance.timing`).toBeLessThanOrEqual(2);
    }
    expect(report!.timing.nt_nav_type).toBe(0);
    expect(report!.timing.nt_red_cnt).toBe(0);
    await page.close();
  });

  it('sends one report by beacon when the page becomes hidden, with the values web-vitals reports then', async () => {
    const { page, pageTag, perfRequests } = await openPerfFixture(false);
    await page.waitForTimeout(1000);
    await slowClick(page, 120);
    await page.waitForTimeout(500);
    await page.evaluate(() => {
      // Headless Chromium never hides a tab, so the hide is simulated the same way for both
      // libraries: the state they read plus the event they listen to.
      const hide = (state: string) => {
        Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
        document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
      };
      hide('hidden');
      hide('visible');
      hide('hidden');
    });
    const reference = (await readJson(page, 'wv')) as Record<string, number>;
    const reports = await eventually(async () => {
      const found = await storedReports(pageTag);
      return found.length ? found : undefined;
    }, 5000, 'the report sent on hide');
    await page.waitForTimeout(300);
    expect(await storedReports(pageTag)).toHaveLength(1);
    expect(perfRequests).toHaveLength(1);
    expect(perfRequests[0]!.headers()['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(reports[0]!.vitals).toMatchObject({ wv_cls: reference.CLS ?? null, wv_fcp: reference.FCP ?? null, wv_ttfb: reference.TTFB ?? null, wv_lcp: reference.LCP ?? null, wv_inp: reference.INP ?? null });
    // INP where the engine has Event Timing (WebKitGTK has none: then it is absent, never 0).
    if ((await page.evaluate(() => PerformanceObserver.supportedEntryTypes)).includes('event')) expect(reference.INP).toBeGreaterThanOrEqual(120);
    else expect(reports[0]!.vitals.wv_inp).toBeNull();
    await page.close();
  });

  it('reports the demo site when the visitor leaves it', async () => {
    const page = await browser.newPage();
    const started = Date.now();
    await page.goto(baseURL + '/');
    await page.getByRole('tab', { name: /Hotels/ }).click();
    await page.goto('about:blank');
    const report = await eventually(async () => {
      const { reports } = await consoleApi<{ reports: (StoredReport & { vertical: string })[] }>(`/vitals/reports?vertical=flights&pageId=home&from=${started - 1000}`);
      return reports[0];
    }, 5000, 'the demo page report');
    expect(report).toMatchObject({ vertical: 'flights', pageId: 'home', url: `${baseURL}/` });
    expect(report.vitals.wv_ttfb).toBeGreaterThanOrEqual(0);
    expect(report.vitals.wv_fcp).toBeGreaterThan(0);
    expect(report.navStart).toBeGreaterThan(started - 5000);
    // Served by the real server (the fixtures above are answered by Playwright, without a protocol).
    expect(report.protocol).toBe('http/1.1');
    expect(report.timing.nt_dec_size).toBeGreaterThan(0);
    await page.close();
  });

  // Issue 23: with the server's real headers (Cross-Origin-Opener-Policy among them) WebKit moves
  // the page into a new process, and the navigation entry's fetch, request and response times
  // come out before the page's time origin. They must still arrive as phases, with TTFB.
  it('carries TTFB and the request and response phases of the landing page, in every engine', async () => {
    const headers = (await fetch(baseURL + '/')).headers;
    expect(headers.get('cross-origin-opener-policy')).toBeTruthy();
    const page = await browser.newPage();
    const started = Date.now();
    await page.goto(baseURL + '/');
    await page.getByRole('tab', { name: /Hotels/ }).click();
    await page.goto('about:blank');
    const report = await eventually(async () => {
      const { reports } = await consoleApi<{ reports: (StoredReport & { vertical: string })[] }>(`/vitals/reports?vertical=flights&pageId=home&from=${started - 1000}`);
      return reports[0];
    }, 10_000, 'the landing page report');
    const t = report.timing;
    expect(report.vitals.wv_ttfb).toEqual(expect.any(Number));
    expect(report.vitals.wv_ttfb).toBeLessThanOrEqual(t.nt_res_st! - report.navStart! + 1);
    expect(t.nt_fet_st).toBeGreaterThanOrEqual(report.navStart!);
    expect(t.nt_req_st).toBeGreaterThanOrEqual(t.nt_fet_st!);
    expect(t.nt_res_st).toBeGreaterThanOrEqual(t.nt_req_st!);
    expect(t.nt_res_end).toBeGreaterThanOrEqual(t.nt_res_st!);
    await page.close();
  });
});
