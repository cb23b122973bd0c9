import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumForThisFile, eventually } from './support/browser.js';
import { consoleApi } from './support/consoleApi.js';
import { openDemoAccepted, searchFor } from './support/demoSearch.js';
import { measures, measuresVital } from './support/engineMeasures.js';
import { recordPerfReports, sentPerfReports } from './support/perfReports.js';
import { DEFAULT_WAIT_MS } from './support/engine.js';

interface StoredReport {
  url: string | null;
  subPageId: string | null;
  navStart: number | null;
  timing: Record<string, number | null>;
  vitals: Record<string, number | null>;
}

const baseURL = inject('baseURL');
const browser = chromiumForThisFile();

/** Headless Chromium never hides a tab: the state web-vitals reads plus the event it listens to. */
const hide = (page: Page) =>
  page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  });

describe('soft navigations', () => {
  it('reports each results page of the demo as its own view with its own values, never the first load again', async () => {
    const started = Date.now() - 1000;
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    await recordPerfReports(page);
    const sent = async (count: number, label: string) =>
      eventually(async () => {
        const forms = await sentPerfReports(page);
        return forms.length >= count ? forms : undefined;
      }, 5000, label);
    await openDemoAccepted(page, baseURL, 'en');
    await page.waitForTimeout(500);
    const searchedAt = await page.evaluate(() => performance.now());
    await searchFor(page, 'flights', 'Madrid', 'Lisboa');
    const results = page.getByTestId('dynamic-results');
    await expect.poll(() => results.getByTestId('offer').count(), { timeout: DEFAULT_WAIT_MS }).toBe(10); // a loaded machine is slow
    await page.waitForTimeout(800);
    // The route change sent the page load's report.
    expect(await sent(1, 'the page load report')).toHaveLength(1);
    await results.getByRole('button', { name: 'Page 2' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id), { timeout: DEFAULT_WAIT_MS }).toBe('results-title');
    await page.waitForTimeout(800);
    await hide(page);
    const [load, first, second, ...more] = await sent(3, 'three reports');
    expect(more).toHaveLength(0);

    expect(load!.get('nav')).toBe('hard');
    expect(load!.get('pageId')).toBe('home');
    expect(Number(load!.get('nt_nav_st'))).toBeGreaterThan(0);
    const loadLcp = Number(load!.get('wv_lcp'));
    if (measuresVital('wv_lcp')) expect(loadLcp).toBeGreaterThan(0);

    for (const [route, subPageId, url] of [
      [first!, 'page-1', /\?locale=en&search=flights-\d+$/],
      [second!, 'page-2', /\?locale=en&search=flights-\d+&page=2$/],
    ] as const) {
      // Every engine: the route is a view of its own, with the route's URL and ids.
      expect(route.get('nav')).toBe('soft');
      expect(route.get('pageId')).toBe('results');
      expect(route.get('subPageId')).toBe(subPageId);
      expect(route.get('url')).toMatch(url);
      // Only the route's own values: no navigation timing of the first load.
      expect([...route.keys()].filter((k) => k.startsWith('nt_'))).toEqual([]);
      if (!measures.softNavigations) {
        // No soft-navigation entries: nothing here measures the route, so its report carries no
        // value at all, and none of the first load's (docs/perf.md, soft navigations).
        expect([...route.keys()].filter((k) => k.startsWith('wv_') || k.startsWith('wa_'))).toEqual([]);
        continue;
      }
      // Its largest paint counts from the route's start: the results, not the home page.
      const lcp = Number(route.get('wv_lcp'));
      expect(lcp).toBeGreaterThan(0);
      expect(lcp).not.toBe(loadLcp);
      expect(route.get('wa_lcp_target')).toBeTruthy();
      expect(Math.abs(['timeToFirstByte', 'resourceLoadDelay', 'resourceLoadDuration', 'elementRenderDelay'].reduce((t, p) => t + Number(route.get(`wa_lcp_${p}`)), 0) - lcp)).toBeLessThanOrEqual(1);
      expect(Number(route.get('wv_fcp'))).toBeLessThanOrEqual(lcp);
    }
    // The first route's LCP fits inside its own lifetime, which began with the search.
    const elapsed = (await page.evaluate(() => performance.now())) - searchedAt;
    if (measures.softNavigations) expect(Number(first!.get('wv_lcp'))).toBeLessThan(elapsed);

    // The server stored the routes' reports as sent: their own vitals, no navigation timing.
    const stored = await eventually(async () => {
      const { reports } = await consoleApi<{ reports: StoredReport[] }>(`/vitals/reports?vertical=flights&pageId=results&from=${started}&limit=50`);
      const mine = reports.filter((r) => r.url === first!.get('url') || r.url === second!.get('url'));
      return mine.length === 2 ? mine : undefined;
    }, 5000, 'the stored route reports');
    for (const report of stored) {
      const form = report.subPageId === 'page-1' ? first! : second!;
      expect(report.navStart).toBeNull();
      expect(Object.values(report.timing).every((v) => v === null)).toBe(true);
      expect(report.vitals.wv_lcp).toBe(measures.softNavigations ? Number(form.get('wv_lcp')) : null);
    }
    await page.close();
  });
});
