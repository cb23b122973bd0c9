import { describe, expect, inject, it } from 'vitest';
import { chromiumForThisFile, eventually } from './support/browser.js';
import { consoleApi } from './support/consoleApi.js';
import { openDemoAccepted, searchFor } from './support/demoSearch.js';

const baseURL = inject('baseURL');
const browser = chromiumForThisFile();

interface PathCount {
  key: string;
  pageViews: number;
  events: number;
}
interface StoredReport {
  vertical: string | null;
  pageId: string | null;
  subPageId: string | null;
  url: string | null;
  timing: Record<string, number | null>;
}

const paths = async (query: string) => (await consoleApi<{ paths: PathCount[] }>(`/analytics/paths?limit=100&${query}`)).paths;
const reports = async (query: string) => (await consoleApi<{ reports: StoredReport[] }>(`/vitals/reports?limit=50&${query}`)).reports;

const cases = [
  { locale: 'en', vertical: 'flights', from: 'Madrid', to: 'Lisboa', title: 'Flights: Madrid → Lisboa', price: /^€\d{1,3}(,\d{3})*\.\d{2}$/, details: 'View details' },
  { locale: 'es', vertical: 'hotels', from: 'Roma', to: undefined, title: 'Hoteles: Roma', price: /^\d{1,3}(\.\d{3})*,\d{2}\s€$/, details: 'Ver detalles' },
] as const;

describe('demo search', () => {
  it.each(cases)('$locale: search → results → detail → analytics event, with the results pages viewed and measured', async (c) => {
    const started = Date.now() - 1000;
    const context = await browser.newContext();
    const page = await context.newPage();
    await openDemoAccepted(page, baseURL, c.locale);
    await searchFor(page, c.vertical, c.from, c.to);

    const results = page.getByTestId('dynamic-results');
    await expect.poll(() => results.locator('h2').textContent()).toBe(c.title);
    const cards = results.getByTestId('offer');
    await expect.poll(() => cards.count()).toBe(10);
    expect((await cards.first().locator('.price-tag__amount').textContent())?.trim()).toMatch(c.price);
    // The new results took focus, so keyboard and screen-reader users land on them.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('results-title');

    // The detail panel: a modal dialog that takes focus, closes on Escape and gives focus back.
    const opener = cards.nth(1).getByRole('button', { name: c.details });
    await opener.click();
    const dialog = page.getByTestId('result-dialog');
    await dialog.waitFor();
    expect(await dialog.evaluate((el) => (el as HTMLDialogElement).open && el.contains(document.activeElement))).toBe(true);
    expect(await dialog.locator('h2').textContent()).toBe(await cards.nth(1).locator('h3').textContent());
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);

    // The next page of results is a page of its own.
    await results.getByRole('button', { name: c.locale === 'en' ? 'Page 2' : 'Página 2' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('results-title');

    const scope = `from=${started}&vertical=${c.vertical}&locale=${c.locale}`;
    const events = await eventually(async () => {
      const found = (await paths(`${scope}&type=event`)).filter((p) => p.key.includes('/results/detail/'));
      return found.length ? found : undefined;
    }, 8000, 'the detail event');
    expect(events).toHaveLength(1);
    expect(events[0]!.key).toMatch(new RegExp(`^/vs/${c.vertical}/results/page-1/results/detail/(FL|HT)-[A-Z0-9-]+/\\d+$`));
    const views = await eventually(async () => {
      const found = (await paths(`${scope}&type=pageview`)).map((p) => p.key).filter((key) => key.includes('/results/'));
      return found.length === 2 ? found.sort() : undefined;
    }, 8000, 'the page views of results pages 1 and 2');
    expect(views).toEqual([`/vs/page/${c.vertical}/results/page-1`, `/vs/page/${c.vertical}/results/page-2`]);

    // Each results page is a route of its own (issue 24): page 1's report went when page 2 began,
    // page 2's goes when the visitor leaves; each with its route's URL and no first-load timing.
    await page.goto('about:blank');
    const measured = await eventually(async () => {
      const found = await reports(`from=${started}&vertical=${c.vertical}&pageId=results`);
      return found.length === 2 ? found : undefined;
    }, 8000, 'the perf reports of results pages 1 and 2');
    expect(measured.map((r) => r.subPageId).sort()).toEqual(['page-1', 'page-2']);
    for (const report of measured) {
      const pageParam = report.subPageId === 'page-2' ? '&page=2' : '';
      expect(report.url).toMatch(new RegExp(`^${baseURL.replace(/[.]/g, '\\.')}/\\?locale=${c.locale}&search=${c.vertical}-\\d+${pageParam}$`));
      expect(Object.values(report.timing).every((v) => v === null)).toBe(true);
    }
    await context.close();
  });

  it('shows a skeleton while searching, an error with a retry that works, and an empty state for an unknown city', async () => {
    const page = await browser.newPage();
    await openDemoAccepted(page, baseURL, 'en');
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/a/api/search?**', async (route) => {
      await held;
      await route.fulfill({ status: 503, contentType: 'application/json', body: '{"statusCode":503}' });
    });
    await searchFor(page, 'flights', 'Madrid', 'Roma');
    const results = page.getByTestId('dynamic-results');
    await results.locator('.skeleton-card').first().waitFor();
    expect(await results.getAttribute('aria-busy')).toBe('true');
    release();
    const alert = results.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('We could not load the results.');
    await page.unroute('**/a/api/search?**');
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => results.getByTestId('offer').count()).toBe(10);

    await page.locator('#flights-to').fill('Atlantis');
    await page.locator('form.search-form button[type="submit"]').click();
    const empty = results.getByTestId('results-empty');
    await empty.waitFor();
    expect(await empty.textContent()).toMatch(/^We do not cover “Atlantis” yet\. Try .+\.$/);
    await page.close();
  });

  it('filters the results from the filter panel and sorts them', async () => {
    const page = await browser.newPage();
    await openDemoAccepted(page, baseURL, 'en');
    await searchFor(page, 'flights', 'Madrid', 'Lisboa');
    const results = page.getByTestId('dynamic-results');
    const count = () => results.locator('.results__count').textContent();
    await expect.poll(count).toMatch(/^\d+ flights$/);
    const all = Number((await count())!.split(' ')[0]);
    await page.getByTestId('dynamic-filters').getByText('Direct only').click();
    await expect.poll(async () => Number((await count())!.split(' ')[0])).toBeLessThan(all);
    expect(await page.getByTestId('filters-count').textContent()).toMatch(/^1 filter active/);
    const stops = await results.locator('.leg__stops').allTextContents();
    expect(stops.every((text) => text === 'Direct')).toBe(true);
    await results.getByRole('radio', { name: 'Fastest' }).check();
    await expect.poll(async () => {
      const texts = await results.locator('.leg__route').allTextContents();
      const minutes = texts.filter((_, i) => i % 2 === 0).map((t) => {
        const [, h, m] = /(\d+) h (\d+) min/.exec(t) ?? [];
        return Number(h) * 60 + Number(m);
      });
      return minutes.length > 1 && minutes.every((m, i) => i === 0 || minutes[i - 1]! <= m);
    }).toBe(true);
    await page.close();
  });

  it('keeps developer tools off the public page and shows them with ?dev=1', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseURL}/?locale=es`);
    await page.getByTestId('dynamic-deals').waitFor();
    for (const id of ['throw-error', 'reject-promise', 'log-email', 'break-component', 'break-dynamic']) expect(await page.getByTestId(id).count(), id).toBe(0);
    await page.goto(`${baseURL}/?locale=es&dev=1`);
    await page.getByTestId('throw-error').waitFor();
    expect(await page.getByTestId('break-dynamic').count()).toBe(1);
    await page.close();
  });
});
