import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumForThisFile } from './support/browser.js';

const baseURL = inject('baseURL');
const browser = chromiumForThisFile();

// The demo's dataLayer as plain arrays for gtag commands (`arguments` objects) and objects for
// events, in push order.
const dataLayer = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).map((entry) =>
      Object.prototype.toString.call(entry) === '[object Arguments]' ? Array.from(entry as ArrayLike<unknown>) : entry,
    ),
  );

describe('Google Consent Mode v2 on the demo', () => {
  it('is denied by default before any hit reaches the dataLayer, then follows the visitor’s choice', async () => {
    for (const [choice, expected] of [
      ['consent-accept', 'granted'],
      ['consent-reject', 'denied'],
    ] as const) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(baseURL + '/');
      await page.getByTestId('consent-banner').waitFor();
      const before = await dataLayer(page);
      expect(before[0]).toEqual([
        'consent', 'default',
        { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied', wait_for_update: 500 },
      ]);
      // No update while the banner waits, and no page_view hit before the decision.
      expect(before.filter((entry) => Array.isArray(entry) && entry[1] === 'update')).toEqual([]);
      expect(before.some((entry) => (entry as { event?: string }).event === 'page_view')).toBe(false);

      await page.getByTestId(choice).click();
      await expect
        .poll(async () => (await dataLayer(page)).find((entry) => Array.isArray(entry) && entry[1] === 'update'))
        .toEqual(['consent', 'update', { ad_storage: expected, ad_user_data: expected, ad_personalization: expected, analytics_storage: expected }]);
      const after = await dataLayer(page);
      const update = after.findIndex((entry) => Array.isArray(entry) && entry[1] === 'update');
      const pageView = after.findIndex((entry) => (entry as { event?: string }).event === 'page_view');
      // With consent, the first hit comes after the update that allows it; without, none comes.
      if (expected === 'granted') expect(pageView).toBeGreaterThan(update);
      else expect(pageView).toBe(-1);
      await context.close();
    }
  });
});
