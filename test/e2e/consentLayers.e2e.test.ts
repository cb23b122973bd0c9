import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumForThisFile, itExceptIn } from './support/browser.js';

const baseURL = inject('baseURL');
const browser = chromiumForThisFile();

/** The data-testid of the focused element (or its tag when it has none). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el?.dataset.testid ?? el?.tagName.toLowerCase() ?? null;
  });

/** Where an element is, against the viewport, without scrolling anything to it. */
const box = (page: Page, testId: string) =>
  page.evaluate((id) => {
    const r = document.querySelector(`[data-testid="${id}"]`)!.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: innerWidth, height: innerHeight, scrollY };
  }, testId);

async function phoneVisitor(path = '/?locale=en'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto(baseURL + path);
  await page.getByTestId('consent-intro').waitFor();
  return page;
}

describe('the banner’s layers', () => {
  it('first layer: the partner count, the purposes and special features by name, the LI objection and withdrawal', async () => {
    const { vendors, purposes, specialFeatures } = (await (await fetch(baseURL + '/i/api/iabtcf/v1/vendors')).json()) as {
      vendors: unknown[];
      purposes: unknown[];
      specialFeatures: unknown[];
    };
    const page = await phoneVisitor();
    expect(await page.getByTestId('consent-intro').textContent()).toMatch(new RegExp(`^We and our ${vendors.length} partners store`));
    expect(await page.getByTestId('consent-first-purposes').locator('li').count()).toBe(purposes.length);
    expect(await page.getByTestId('consent-first-special-features').locator('li').count()).toBe(specialFeatures.length);
    expect(await page.getByTestId('consent-li-notice').textContent()).toMatch(/right to object/);
    expect(await page.getByTestId('consent-banner').textContent()).toMatch(/withdraw your consent or object at any time/);
    // All of it is on a phone's screen before the visitor can accept, in either language: nothing to scroll to.
    for (const locale of ['en', 'es']) {
      await page.goto(`${baseURL}/?locale=${locale}`);
      await page.getByTestId('consent-intro').waitFor();
      expect(await page.locator('.consent-layer__body').evaluate((el) => el.scrollHeight <= el.clientHeight)).toBe(true);
      expect((await box(page, 'consent-partners')).bottom).toBeLessThanOrEqual((await box(page, 'consent-accept')).top);
    }
    await page.context().close();
  });

  itExceptIn(['webkit'], 'a MiniBrowser window is at least 447 px wide, so no 390 px viewport')('at 390 px the second layer keeps Save in view without scrolling, even after scrolling the layer to its end', async () => {
    const page = await phoneVisitor();
    await page.getByTestId('consent-settings').click();
    await page.getByTestId('consent-save').waitFor();
    const save = await box(page, 'consent-save');
    expect(save.width).toBe(390);
    expect(save.scrollY).toBe(0);
    expect(save.top).toBeGreaterThanOrEqual(0);
    expect(save.bottom).toBeLessThanOrEqual(save.height);
    expect(save.right).toBeLessThanOrEqual(save.width);
    // The layer is longer than the screen: its body scrolls, the actions do not move.
    const body = page.locator('.consent-layer__body');
    expect(await body.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    await body.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    expect(await box(page, 'consent-save')).toMatchObject({ top: save.top, bottom: save.bottom });
    await page.context().close();
  });

  it('by keyboard: focus moves into the second layer, Escape brings it back to the opener, and Save is reached with Tab', async () => {
    const page = await phoneVisitor();
    expect(await focused(page)).toBe('consent-settings');
    await page.keyboard.press('Enter');
    await page.getByTestId('consent-settings-title').waitFor();
    expect(await focused(page)).toBe('consent-settings-title');
    await page.keyboard.press('Escape');
    await page.getByTestId('consent-accept').waitFor();
    expect(await focused(page)).toBe('consent-settings');

    // "See our partners" opens the layer at the partner list and focus follows.
    await page.getByTestId('consent-partners').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('consent-vendors-heading').waitFor();
    expect(await focused(page)).toBe('consent-vendors-heading');
    await page.keyboard.press('Escape');
    await page.getByTestId('consent-partners').waitFor();
    expect(await focused(page)).toBe('consent-partners');

    // Tab from the title through every toggle reaches Save; Enter saves and the banner goes.
    await page.getByTestId('consent-settings').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('consent-settings-title').waitFor();
    let steps = 0;
    while ((await focused(page)) !== 'consent-save' && steps++ < 200) await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('consent-save');
    await page.keyboard.press('Enter');
    await page.getByTestId('consent-banner').waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('the second layer discloses each partner: purposes, data, retention, storage, privacy policy and LI claim', async () => {
    const { vendors } = (await (await fetch(baseURL + '/i/api/iabtcf/v1/vendors')).json()) as {
      vendors: { id: number; legIntPurposes: number[]; retention: { std: number }; urls: { privacy: string; legIntClaim: string }[] }[];
    };
    const vendor = vendors.find((v) => v.legIntPurposes.length)!;
    const page = await phoneVisitor('/?locale=es');
    await page.getByTestId('consent-partners').click();
    const details = page.getByTestId(`vendor-details-${vendor.id}`);
    await details.locator('summary').click();
    const text = await details.textContent();
    expect(text).toContain(`Conserva los datos${vendor.retention.std} días`);
    expect(text).toMatch(/Datos que recoge.*direcciones IP/);
    expect(await details.getByRole('link', { name: 'Política de privacidad' }).getAttribute('href')).toBe(vendor.urls[0]!.privacy);
    expect(await details.getByRole('link', { name: 'Interés legítimo que alega' }).getAttribute('href')).toBe(vendor.urls[0]!.legIntClaim);
    await page.context().close();
  });

  it('the banner reads the platform handler, not __tcfapi, and the vendor list is fetched once for the page', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const vendorRequests: string[] = [];
    page.on('request', (r) => r.url().endsWith('/i/api/iabtcf/v1/vendors') && vendorRequests.push(r.url()));
    await page.goto(baseURL + '/?locale=en');
    await page.getByTestId('consent-intro').waitFor();
    await page.getByTestId('consent-reject').click();
    await page.getByTestId('consent-banner').waitFor({ state: 'detached' });
    // From now on __tcfapi refuses everything: the banner must still open, show both layers and save.
    await page.evaluate(() => {
      (window as unknown as { __tcfapi: () => void }).__tcfapi = () => {
        throw new Error('__tcfapi is not for the banner');
      };
    });
    for (let round = 0; round < 2; round++) {
      await page.getByTestId('privacy-settings').click();
      await page.getByTestId('consent-intro').waitFor();
      await page.getByTestId('consent-settings').click();
      await page.getByTestId('consent-save').click();
      await page.getByTestId('consent-banner').waitFor({ state: 'detached' });
    }
    expect(vendorRequests).toHaveLength(1);
    await context.close();
  });
});
