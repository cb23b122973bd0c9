import { describe, expect, inject, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { chromiumForThisFile, eventually, openFixture, seesRequestsDuringUnload } from './support/browser.js';
import { consoleApi } from './support/consoleApi.js';

const baseURL = inject('baseURL');
const endpoint = `${baseURL}/a/api/analytics/events`;
const browser = chromiumForThisFile();

interface PathCount {
  key: string;
  pageViews: number;
  events: number;
  nonInteraction: number;
}

/** The stored paths of one vertical, page views and events together. */
async function storedPaths(vertical: string): Promise<PathCount[]> {
  const { paths } = await consoleApi<{ paths: PathCount[] }>(`/analytics/paths?vertical=${encodeURIComponent(vertical)}&limit=50`);
  return paths;
}

const unique = (label: string) => `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/**
 * A page with analytics from the built module: the collector and a dataLayer sink, and, when
 * `gated`, a consent source the test answers through `window.decide(granted)`.
 */
async function analyticsPage(vertical: string, options: { gated: boolean; flushIntervalMs: number }): Promise<{ page: Page; requests: Request[] }> {
  const page = await browser.newPage();
  const requests: Request[] = [];
  page.on('request', (request) => {
    if (request.url() === endpoint) requests.push(request);
  });
  await openFixture(page, baseURL, 'analytics', `
    <script type="module">
      import { createAnalytics, collectorSink, dataLayerSink } from '/__platform/analytics/index.js';
      let listener;
      window.decide = (granted) => listener?.(granted);
      window.analytics = createAnalytics({
        context: { vertical: ${JSON.stringify(vertical)}, locale: 'es', affiliate: 'e2e-aff', pageId: 'results' },
        sinks: [collectorSink({ flushIntervalMs: ${options.flushIntervalMs} }), dataLayerSink()],
        consent: ${options.gated ? '(l) => { listener = l; return () => {}; }' : 'undefined'},
      });
      window.ready = true;
    </script>`);
  await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
  return { page, requests };
}

type Win = {
  analytics: { trackPageView(p?: object): void; trackEvent(e: object): void };
  decide(granted: boolean): void;
  dataLayer?: { event: string; page_path: string }[];
};
const track = (page: Page) =>
  page.evaluate(() => {
    const { analytics } = window as unknown as Win;
    analytics.trackPageView({ subPageId: 'list' });
    analytics.trackEvent({ category: 'filters', action: 'price', label: 'under 100 €', value: 3 });
    analytics.trackEvent({ category: 'results', action: 'shown', value: 40, nonInteraction: true });
  });

describe('analytics', () => {
  it('stores page views and events under their virtual paths and feeds the dataLayer', async () => {
    const vertical = unique('v');
    const { page, requests } = await analyticsPage(vertical, { gated: false, flushIntervalMs: 100 });
    await track(page);
    const paths = await eventually(async () => {
      const found = await storedPaths(vertical);
      return found.length === 3 ? found : undefined;
    }, 5000, 'three stored paths');
    expect(paths).toEqual(
      expect.arrayContaining([
        { key: `/vs/page/${vertical}/results/list`, pageViews: 1, events: 0, nonInteraction: 0 },
        { key: `/vs/${vertical}/results/list/filters/price/under%20100%20%E2%82%AC/3`, pageViews: 0, events: 1, nonInteraction: 0 },
        { key: `/vs/${vertical}/results/list/results/shown/-/40/nonInteraction`, pageViews: 0, events: 1, nonInteraction: 1 },
      ]),
    );
    expect(requests).toHaveLength(1); // one batch
    expect(requests[0]!.headers()['content-type']).toBe('application/json');
    const layer = await page.evaluate(() => (window as unknown as Win).dataLayer?.map((d) => [d.event, d.page_path]));
    expect(layer).toEqual([
      ['page_view', `/vs/page/${vertical}/results/list`],
      ['tarmac_event', `/vs/${vertical}/results/list/filters/price/under%20100%20%E2%82%AC/3`],
      ['tarmac_event', `/vs/${vertical}/results/list/results/shown/-/40/nonInteraction`],
    ]);
    const { byLocale } = await consoleApi<{ byLocale: { key: string; pageViews: number }[] }>(`/analytics/summary?vertical=${vertical}`);
    expect(byLocale).toEqual([{ key: 'es', pageViews: 1, events: 2, nonInteraction: 1 }]);
    await page.close();
  });

  it('sends nothing before consent, then the queued hits once it is granted', async () => {
    const vertical = unique('v');
    const { page, requests } = await analyticsPage(vertical, { gated: true, flushIntervalMs: 100 });
    await track(page);
    await page.waitForTimeout(600);
    expect(requests).toHaveLength(0);
    expect(await page.evaluate(() => (window as unknown as Win).dataLayer)).toBeUndefined();
    await page.evaluate(() => (window as unknown as Win).decide(true));
    const paths = await eventually(async () => {
      const found = await storedPaths(vertical);
      return found.length === 3 ? found : undefined;
    }, 5000, 'the queued hits');
    expect(paths.map((p) => p.key).sort()).toHaveLength(3);
    expect(await page.evaluate(() => (window as unknown as Win).dataLayer?.length)).toBe(3);
    await page.close();
  });

  it('drops everything when consent is refused, also what was queued, and sends no hit on exit', async () => {
    const vertical = unique('v');
    const { page, requests } = await analyticsPage(vertical, { gated: true, flushIntervalMs: 100 });
    await track(page);
    await page.evaluate(() => (window as unknown as Win).decide(false));
    await track(page);
    await page.waitForTimeout(600);
    expect(requests).toHaveLength(0);
    await page.goto('about:blank');
    await page.waitForTimeout(300);
    // Leaving the page sends the transport's drop counts by beacon, no hit. Firefox and WebKit show
    // that beacon (Chromium's protocol does not report requests made during unload).
    expect(requests).toHaveLength(seesRequestsDuringUnload ? 1 : 0);
    for (const body of requests.map((r) => r.postData()).filter((b) => b !== null)) expect(JSON.parse(body!).events).toEqual([]);
    expect(await storedPaths(vertical)).toEqual([]);
    await page.close();
  });

  it('delivers hits still queued when the page is left, by a text/plain beacon', async () => {
    const vertical = unique('v');
    const { page, requests } = await analyticsPage(vertical, { gated: false, flushIntervalMs: 600_000 });
    await track(page);
    await page.waitForTimeout(200);
    expect(requests).toHaveLength(0);
    await page.goto('about:blank');
    const paths = await eventually(async () => {
      const found = await storedPaths(vertical);
      return found.length === 3 ? found : undefined;
    }, 5000, 'the beaconed hits');
    expect(paths.reduce((n, p) => n + p.pageViews + p.events, 0)).toBe(3);
    await page.close();
  });

  it('demo site: a page view per tab and an event per search, only after the visitor accepts', async () => {
    const started = Date.now();
    const context = await browser.newContext();
    const page = await context.newPage();
    const requests: Request[] = [];
    page.on('request', (request) => {
      if (request.url() === endpoint) requests.push(request);
    });
    await page.goto(baseURL + '/');
    await page.getByTestId('consent-banner').waitFor();
    await page.getByRole('tab', { name: /Cars/ }).click();
    await page.waitForTimeout(1500);
    expect(requests).toHaveLength(0);
    await page.getByTestId('consent-accept').click();
    const query = `from=${started - 1000}&type=pageview&limit=50`;
    const views = await eventually(async () => {
      const { paths } = await consoleApi<{ paths: PathCount[] }>(`/analytics/paths?${query}&vertical=cars`);
      return paths.length ? paths : undefined;
    }, 5000, 'the demo page view of the Cars tab');
    expect(views[0]).toMatchObject({ key: '/vs/page/cars/home/search', pageViews: 1 });
    const { paths: flights } = await consoleApi<{ paths: PathCount[] }>(`/analytics/paths?${query}&vertical=flights`);
    expect(flights[0]?.key).toBe('/vs/page/flights/home/search');
    // A search on the Flights tab is one interaction event with the places and travellers.
    await page.getByRole('tab', { name: /Flights/ }).click();
    await page.locator('#flights-from').fill('Madrid');
    await page.locator('#flights-to').fill('Lisboa');
    await page.locator('form.search-form button[type="submit"]').click();
    const events = await eventually(async () => {
      const { paths } = await consoleApi<{ paths: PathCount[] }>(`/analytics/paths?from=${started - 1000}&type=event&vertical=flights`);
      return paths.length ? paths : undefined;
    }, 5000, 'the search event');
    expect(events[0]?.key).toMatch(/^\/vs\/flights\/home\/search\/search\/submit\/Madrid%20%E2%86%92%20Lisboa\/\d+$/);
    expect(events[0]).toMatchObject({ events: 1, nonInteraction: 0 });
    await context.close();
  });
});
