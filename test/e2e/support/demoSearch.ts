import type { Page } from 'playwright-core';

/** The demo's first page in `locale`, past its consent banner (accepted: analytics may measure). */
export async function openDemoAccepted(page: Page, baseURL: string, locale: 'en' | 'es', extra = ''): Promise<void> {
  await page.goto(`${baseURL}/?locale=${locale}${extra}`);
  await page.getByTestId('consent-accept').click();
  await page.getByTestId('consent-banner').waitFor({ state: 'detached' });
}

/** Fills the active vertical's form and submits it; `to` only where the vertical has one. */
export async function searchFor(page: Page, vertical: 'flights' | 'hotels' | 'cars', from: string, to?: string): Promise<void> {
  if (vertical !== 'flights') await page.locator(`#tab-${vertical}`).click();
  await page.locator(`#${vertical}-from`).fill(from);
  if (to !== undefined) await page.locator(`#${vertical}-to`).fill(to);
  await page.locator('form.search-form button[type="submit"]').click();
}
