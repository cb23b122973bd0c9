import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumForThisFile, eventually, itExceptIn, NO_REQUEST_BODIES, openFixture } from './support/browser.js';
import { logGroups } from './support/consoleApi.js';

const baseURL = inject('baseURL');
const endpoint = `${baseURL}/a/api/dynamic/import`;
const browser = chromiumForThisFile();

/** A demo page with every dynamic-import request it makes recorded (component path and locale). */
async function demoPage(query: string): Promise<{ page: Page; imports: { componentPath: string; locale?: string }[] }> {
  const page = await browser.newPage();
  const imports: { componentPath: string; locale?: string }[] = [];
  page.on('request', (request) => {
    if (request.url() === endpoint) imports.push(request.postDataJSON() as { componentPath: string; locale?: string });
  });
  await page.goto(`${baseURL}/${query}`);
  return { page, imports };
}

async function search(page: Page) {
  await page.locator('#flights-from').fill('Madrid');
  await page.locator('#flights-to').fill('Lisboa');
  await page.locator('form.search-form button[type="submit"]').click();
}

describe('dynamic components in the demo', () => {
  itExceptIn(['firefox'], NO_REQUEST_BODIES)('loads the deals widget, results and filters with Spanish strings and their CSS', async () => {
    const { page, imports } = await demoPage('?locale=es');
    const deals = page.getByTestId('dynamic-deals');
    await deals.waitFor();
    expect(await deals.locator('h2').textContent()).toBe('Ofertas de esta semana');
    expect(await deals.locator('.deals__item').first().textContent()).toMatch(/^Lisboa desde 89,00\s€2 nochesTermina hoy a las 23:00$/);
    // The component's stylesheet arrived with it.
    expect(await deals.locator('.deals__ends').first().evaluate((el) => getComputedStyle(el).color)).toBe('rgb(179, 71, 0)');
    // Results and filters load with the first search, not before.
    expect(await page.getByTestId('dynamic-results').count()).toBe(0);

    await search(page);
    const results = page.getByTestId('dynamic-results');
    await expect.poll(() => results.locator('h2').textContent()).toBe('Vuelos: Madrid → Lisboa');
    expect(await results.locator('.results__meta').textContent()).toMatch(/^\p{L}{3}\. \d{1,2} \p{L}{3}\. – \p{L}{3}\. \d{1,2} \p{L}{3}\. · 1 viajero$/u);
    // The component's stylesheet arrived with it: cards have their rounded corners.
    const card = results.getByTestId('offer').first();
    await card.waitFor();
    expect(await card.evaluate((el) => getComputedStyle(el).borderTopLeftRadius)).toBe('12px');
    const filters = page.getByTestId('dynamic-filters');
    await filters.waitFor();
    expect(await filters.locator('h2').textContent()).toBe('Filtros');
    await filters.getByText('Solo directos').click();
    expect(await page.getByTestId('filters-count').textContent()).toBe('1 filtro activo');

    expect(imports.map((body) => body.componentPath).sort()).toEqual(['search/filters', 'search/results', 'widgets/deals']);
    expect(imports.every((body) => body.locale === 'es')).toBe(true);
    await page.close();
  });

  it('speaks English after the locale switch', async () => {
    const { page } = await demoPage('?locale=es');
    await page.getByTestId('dynamic-deals').waitFor();
    await page.getByTestId('locale-en').click();
    await page.waitForURL(/locale=en/);
    const deals = page.getByTestId('dynamic-deals');
    await deals.waitFor();
    expect(await deals.locator('h2').textContent()).toBe('Deals this week');
    expect(await deals.locator('.deals__item').first().textContent()).toMatch(/^Lisboa from €89\.002 nightsEnds Today at 11:00 PM$/);
    await search(page);
    await expect.poll(() => page.getByTestId('dynamic-results').locator('h2').textContent()).toBe('Flights: Madrid → Lisboa');
    await page.close();
  });

  it('shows the red error box in standalone mode', async () => {
    const { page } = await demoPage('?dev=1&standalone=1&locale=en');
    // As a visitor would: once the deals widget above the button has arrived and moved it down.
    await page.getByTestId('dynamic-deals').waitFor();
    await page.getByTestId('break-dynamic').click();
    const box = page.getByTestId('dev-error-box');
    await box.waitFor();
    expect(await box.textContent()).toContain('demo/broken failed to render');
    expect(await box.textContent()).toContain('Demo: the demo/broken dynamic component failed to render');
    await page.close();
  });

  it('keeps the page working and logs the failure in production mode', async () => {
    const { page } = await demoPage('?dev=1&locale=en');
    const before = Date.now();
    await page.getByTestId('dynamic-deals').waitFor();
    await page.getByTestId('break-dynamic').click();
    await page.getByTestId('broken-dynamic-fallback').waitFor();
    expect(await page.getByTestId('dev-error-box').count()).toBe(0);
    await search(page);
    await expect.poll(() => page.getByTestId('dynamic-results').locator('h2').textContent()).toBe('Flights: Madrid → Lisboa');
    const group = await eventually(
      async () => (await logGroups('demo/broken')).find((g) => g.lastSeen >= before - 1000),
      5000,
      'the broken component report',
    );
    expect(group.level).toBe(4);
    await page.close();
  });
});

describe('the loader module on a fixture page', () => {
  it('makes one request for two simultaneous loads and merges the strings', async () => {
    const page = await browser.newPage();
    let requests = 0;
    page.on('request', (request) => {
      if (request.url() === endpoint) requests++;
    });
    await openFixture(page, baseURL, 'loader', `
      <meta name="r9-version" content="e2e">
      <script type="module">
        import { createComponentLoader, resources } from '/__platform/loader/index.js';
        const loader = createComponentLoader();
        const [a, b] = await Promise.all([
          loader.load('widgets/deals', { locale: 'es' }),
          loader.load('widgets/deals', { locale: 'es' }),
        ]);
        window.result = {
          same: a === b,
          kind: typeof a,
          loaded: loader.isLoaded('widgets/deals'),
          title: resources.string('deals.title'),
          count: resources.property('deals.count'),
          sheets: [...document.styleSheets].filter((s) => /widgets-deals/.test(s.href || '')).length,
        };
        try {
          await loader.load('widgets/none');
        } catch (error) {
          window.result.failure = error.message;
        }
      </script>`);
    const result = await eventually(async () => page.evaluate(() => (window as unknown as { result?: Record<string, unknown> }).result?.failure ? (window as unknown as { result: Record<string, unknown> }).result : undefined));
    expect(result).toEqual({
      same: true,
      kind: 'function',
      loaded: true,
      title: 'Ofertas de esta semana',
      count: 3,
      sheets: 1,
      failure: 'Dynamic import failed, status: 404',
    });
    expect(requests).toBe(2);
    await page.close();
  });
});

// A blank page on the server's origin with the built loader, a styled target for the deals
// stylesheet, and `attempt(path, options)`: one load, answered with what the page saw the moment
// it settled (so a load that resolves before its styles apply is caught).
async function loaderPage(): Promise<Page> {
  const page = await browser.newPage();
  await openFixture(page, baseURL, 'loader-promises', `
    <meta name="r9-version" content="e2e">
    <span class="deals__ends">ends</span>
    <script type="module">
      import { createComponentLoader } from '/__platform/loader/index.js';
      const loader = createComponentLoader();
      const seen = (path) => ({ loaded: loader.isLoaded(path), color: getComputedStyle(document.querySelector('.deals__ends')).color });
      window.ran = [];
      window.attempt = (path, options) => loader.load(path, options).then(
        (value) => ({ value: typeof value, ...seen(path) }),
        (error) => ({ error: error.message, ...seen(path) }),
      );
    </script>`);
  await page.waitForFunction(() => 'attempt' in window);
  return page;
}

interface Attempt { value?: string; error?: string; loaded: boolean; color: string }
const attempt = (page: Page, path: string, options?: Record<string, unknown>): Promise<Attempt> =>
  page.evaluate(([p, o]) => (window as unknown as { attempt(p: unknown, o: unknown): Promise<Attempt> }).attempt(p, o), [path, options] as const);

const fullReply = (partial: Record<string, unknown>) =>
  ({ scripts: [], styles: [], stringMap: {}, imageMap: {}, propertyMap: {}, resourceMap: {}, mappings: {}, live: true, ...partial });

/** What the real server answers for the deals widget on an empty page: its entry script and stylesheet. */
async function dealsAssets(): Promise<{ entry: string; stylesheet: string }> {
  const response = await fetch(endpoint, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ componentPath: 'widgets/deals' }) });
  const reply = (await response.json()) as { mappings: Record<string, string>; styles: string[] };
  return { entry: reply.mappings['widgets/deals']!, stylesheet: reply.styles[0]! };
}

/**
 * Answers every request for `path` (any query) with 404, as a server mid-deployment would, until
 * `recover()`; then lets them through. `requested` lists each request's query, "+" once recovered.
 */
async function downUntilRecovered(page: Page, path: string) {
  let down = true;
  const requested: string[] = [];
  await page.route((url) => url.pathname === path, (route) => {
    requested.push((down ? '' : '+') + new URL(route.request().url()).search);
    return down ? route.fulfill({ status: 404, body: 'not yet' }) : route.continue();
  });
  return { requested, recover: () => (down = false) };
}

const DEALS_COLOR = 'rgb(179, 71, 0)';

describe('the loader keeps its promises', () => {
  it('runs the scripts of a reply in the reply order, even when they arrive the other way round', async () => {
    const page = await loaderPage();
    await page.route(endpoint, (route) => route.fulfill({ json: fullReply({ scripts: ['/__order/first.js', '/__order/second.js'] }) }));
    // first.js is held back until second.js has fully arrived: arrival order is second, first.
    const secondArrived = page.waitForEvent('requestfinished', (request) => request.url().endsWith('/__order/second.js'));
    const answered: string[] = [];
    await page.route(`${baseURL}/__order/*.js`, async (route) => {
      const name = route.request().url().endsWith('first.js') ? 'first' : 'second';
      if (name === 'first') await secondArrived;
      answered.push(name);
      await route.fulfill({ body: `window.ran.push('${name}');`, contentType: 'text/javascript' });
    });
    expect(await attempt(page, 'order/pair')).toMatchObject({ value: 'undefined', loaded: true });
    expect(await page.evaluate(() => (window as unknown as { ran: string[] }).ran)).toEqual(['first', 'second']);
    // second.js was fetched while first.js was still outstanding: order costs no serial fetching.
    expect(answered).toEqual(['second', 'first']);
    await page.close();
  });

  it('loads a component again after its script answered 404 and the server recovered', async () => {
    const { entry } = await dealsAssets();
    const page = await loaderPage();
    const server = await downUntilRecovered(page, entry);
    expect(await attempt(page, 'widgets/deals')).toMatchObject({ error: `Could not load ${entry}`, loaded: false });
    server.recover();
    expect(await attempt(page, 'widgets/deals')).toMatchObject({ value: 'function', loaded: true });
    // The retry asks for a fresh URL. This Chromium would refetch the old one too (failed module
    // fetches are no longer kept in the module map, whatwg/html#10327), but browsers that still
    // keep them would fail it again without a request; the fresh URL is what works in both.
    expect(server.requested.filter((query) => query.startsWith('+'))).toEqual(['+?retry=1']);
    await page.close();
  });

  it('fetches a failed stylesheet again and resolves only once the styles apply', async () => {
    const { stylesheet } = await dealsAssets();
    const page = await loaderPage();
    const server = await downUntilRecovered(page, stylesheet);
    const failed = await attempt(page, 'widgets/deals');
    expect(failed).toMatchObject({ error: `Could not load ${stylesheet}`, loaded: false });
    expect(failed.color).not.toBe(DEALS_COLOR);
    server.recover();
    expect(await attempt(page, 'widgets/deals')).toEqual({ value: 'function', loaded: true, color: DEALS_COLOR });
    expect(server.requested).toEqual(['', '+?retry=1']);
    await page.close();
  });

  itExceptIn(['firefox'], NO_REQUEST_BODIES)('rejects a malformed reply with a message naming the problem', async () => {
    const page = await loaderPage();
    const bodies: Record<string, { body: string; contentType: string }> = {
      'bad/scripts': { body: JSON.stringify(fullReply({ scripts: 'a.js' })), contentType: 'application/json' },
      'bad/strings': { body: JSON.stringify(fullReply({ stringMap: [] })), contentType: 'application/json' },
      'bad/html': { body: '<!doctype html><title>Maintenance</title>', contentType: 'text/html' },
      'bad/truncated': { body: '{"scripts":["/a.js"],"sty', contentType: 'application/json' },
    };
    await page.route(endpoint, (route) => route.fulfill({ status: 200, ...bodies[(route.request().postDataJSON() as { componentPath: string }).componentPath] }));
    const errors: Record<string, string | undefined> = {};
    for (const path of Object.keys(bodies)) errors[path] = (await attempt(page, path)).error;
    expect(errors).toEqual({
      'bad/scripts': 'Dynamic import reply for "bad/scripts": scripts must be an array of strings',
      'bad/strings': 'Dynamic import reply for "bad/strings": stringMap must be an object of strings',
      'bad/html': 'Dynamic import reply for "bad/html" is not JSON',
      'bad/truncated': 'Dynamic import reply for "bad/truncated" is not JSON',
    });
    await page.close();
  });

  itExceptIn(['firefox'], NO_REQUEST_BODIES)('makes one request per set of options for concurrent loads of one path', async () => {
    const page = await loaderPage();
    const locales: unknown[] = [];
    page.on('request', (request) => {
      if (request.url() === endpoint) locales.push((request.postDataJSON() as { locale?: string }).locale);
    });
    const results = await page.evaluate(() => {
      const { attempt: load } = window as unknown as { attempt(p: string, o: unknown): Promise<Attempt> };
      return Promise.all([load('widgets/deals', { locale: 'es' }), load('widgets/deals', { locale: 'en' }), load('widgets/deals', { locale: 'es' })]);
    });
    expect(results.map((result) => result.value)).toEqual(['function', 'function', 'function']);
    expect(locales.sort()).toEqual(['en', 'es']);
    await page.close();
  });
});

describe('hydration errors', () => {
  it('are logged once per component per session', async () => {
    // Production names are minified, so the report is found by its fixed prefix.
    const count = async () => (await logGroups('Hydration error in')).reduce((sum, g) => sum + g.count, 0);
    const before = await count();
    const session = await browser.newContext();
    const page = await session.newPage();
    for (let visit = 0; visit < 2; visit++) {
      await page.goto(`${baseURL}/hydration.html`);
      await page.waitForFunction(() => document.querySelector('.price')?.textContent === 'Price: 120 €');
      await page.waitForTimeout(500);
    }
    await eventually(async () => ((await count()) === before + 1 ? true : undefined), 5000, 'one hydration report');
    // A new browser session reports it again.
    const other = await browser.newContext();
    const fresh = await other.newPage();
    await fresh.goto(`${baseURL}/hydration.html`);
    await eventually(async () => ((await count()) === before + 2 ? true : undefined), 5000, 'a report from the new session');
    await session.close();
    await other.close();
  });
});
