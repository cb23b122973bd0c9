import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumForThisFile, eventually } from './support/browser.js';
import { consoleApi } from './support/consoleApi.js';

const baseURL = inject('baseURL');
const browser = chromiumForThisFile();

interface LocaleCount {
  key: string | null;
  pageViews: number;
}

/** Page views stored for one affiliate since `from`, by locale, as the console's dashboard reads them. */
async function pageViewsByLocale(affiliate: string, from: number): Promise<Record<string, number>> {
  const { byLocale } = await consoleApi<{ byLocale: LocaleCount[] }>(
    `/analytics/summary?from=${from}&type=pageview&affiliate=${encodeURIComponent(affiliate)}`,
  );
  return Object.fromEntries(byLocale.map((row) => [row.key ?? '', row.pageViews]));
}

const tabNames = (page: Page) => page.getByRole('tab').allTextContents();
const labelOf = (page: Page, id: string) => page.locator(`label[for="${id}"]`).textContent();

describe('the demo in two languages', () => {
  it('switching to Spanish translates the page shell, sets <html lang> and the analytics locale', async () => {
    const started = Date.now();
    // An affiliate of its own keeps this visit's page views apart from other tests' hits.
    const affiliate = `e2e-locale-${started.toString(36)}`;
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${baseURL}/?locale=en&affiliate=${affiliate}`);
    await page.getByTestId('consent-accept').click();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await page.locator('.hero__title').textContent()).toBe('Where to next?');
    expect(await tabNames(page)).toEqual(['Flights', 'Hotels', 'Cars']);
    await eventually(async () => ((await pageViewsByLocale(affiliate, started - 1000)).en ? true : undefined), 5000, 'the English page view');

    await page.getByTestId('locale-es').click();
    await page.waitForURL(/locale=es/);
    await page.locator('.hero__title').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    expect(await page.locator('.hero__title').textContent()).toBe('¿Adónde vamos ahora?');
    expect(await tabNames(page)).toEqual(['Vuelos', 'Hoteles', 'Coches']);
    expect(await page.getByRole('tablist').getAttribute('aria-label')).toBe('¿Qué estás buscando?');
    expect([await labelOf(page, 'flights-from'), await labelOf(page, 'flights-to'), await labelOf(page, 'flights-start')]).toEqual(['Origen', 'Destino', 'Ida']);
    expect(await page.locator('#flights-from').getAttribute('placeholder')).toBe('Ciudad o aeropuerto');
    expect(await page.locator('form.search-form button[type="submit"]').textContent()).toBe('Buscar vuelos');
    expect(await page.getByRole('link', { name: 'Mis viajes' }).count()).toBe(1);
    // The switch shows which language is on, and the other stays light on the dark hero.
    expect(await page.getByTestId('locale-es').getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByTestId('locale-en').getAttribute('aria-pressed')).toBe('false');
    expect(await page.getByTestId('locale-en').evaluate((el) => getComputedStyle(el).color)).toBe('rgb(255, 255, 255)');

    // Validation speaks Spanish too, worded for the vertical.
    await page.locator('form.search-form button[type="submit"]').click();
    expect(await page.locator('#flights-from-error').textContent()).toBe('Indica desde dónde sales.');
    await page.getByRole('tab', { name: 'Hoteles' }).click();
    await page.locator('form.search-form button[type="submit"]').click();
    expect(await page.locator('#hotels-from-error').textContent()).toBe('Indica un destino.');
    expect(await page.locator('body').textContent()).not.toContain('MISSING STRING');

    // The page views after the switch are stored with the page's real locale.
    const views = await eventually(async () => {
      const counts = await pageViewsByLocale(affiliate, started - 1000);
      return (counts.es ?? 0) >= 2 ? counts : undefined;
    }, 5000, 'the Spanish page views (Flights, then Hotels)');
    expect(views).toEqual({ en: 1, es: 2 });
    await context.close();
  });
});
