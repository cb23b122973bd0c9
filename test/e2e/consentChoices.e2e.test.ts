import { TCString } from '@iabtechlabtcf/core';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumForThisFile } from './support/browser.js';

const baseURL = inject('baseURL');
const browser = chromiumForThisFile();

type TcfWindow = Window & { __tcfapi: (command: string, version: number, callback: (data: unknown, ok: boolean) => void) => void };

/**
 * Presses a banner button that saves, checks the save was accepted, and returns the TC string the
 * page's CMP reports once the banner has closed.
 */
async function chooseAndRead(page: Page, testId: string): Promise<string> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/i/api/iabtcf/v1/consent') && r.request().method() === 'POST'),
    page.getByTestId(testId).click(),
  ]);
  expect(response.status()).toBe(200);
  await page.getByTestId('consent-banner').waitFor({ state: 'detached' });
  return page.evaluate(
    () =>
      new Promise<string>((resolve) =>
        (window as unknown as TcfWindow).__tcfapi('getTCData', 2, (data) => resolve((data as { tcString: string }).tcString)),
      ),
  );
}

/** The site's own vendor list, as the banner's second layer gets it. */
async function vendorList() {
  const response = await fetch(baseURL + '/i/api/iabtcf/v1/vendors');
  return (await response.json()) as { vendors: { id: number; legIntPurposes: number[] }[] };
}
const ids = (vector: { values(): IterableIterator<number> }) => [...vector.values()].sort((a, b) => a - b);

describe('right to object', () => {
  it('unticking legitimate interest for a purpose and a vendor clears exactly those LI bits in the TC string', async () => {
    const { vendors } = await vendorList();
    const liVendors = vendors.filter((v) => v.legIntPurposes.length).map((v) => v.id);
    const liPurposes = [...new Set(vendors.flatMap((v) => v.legIntPurposes))].sort((a, b) => a - b);
    const [purpose] = liPurposes;
    const [vendor] = liVendors;
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(baseURL + '/?locale=en');
    await page.getByTestId('consent-settings').click();
    // Legitimate interest starts on: the visitor has not objected to anything yet.
    await expect.poll(() => page.getByTestId(`purpose-li-${purpose}`).isChecked()).toBe(true);
    await page.getByTestId(`purpose-li-${purpose}`).uncheck();
    await page.getByTestId(`vendor-li-${vendor}`).uncheck();
    const model = TCString.decode(await chooseAndRead(page, 'consent-save'));
    expect(ids(model.purposeLegitimateInterests)).toEqual(liPurposes.filter((id) => id !== purpose));
    expect(model.vendorLegitimateInterests.has(vendor!)).toBe(false);
    expect(liVendors.filter((id) => id !== vendor).every((id) => model.vendorLegitimateInterests.has(id))).toBe(true);

    // Reopened, the settings layer shows the objections as they were saved.
    await page.getByTestId('privacy-settings').click();
    await page.getByTestId('consent-settings').click();
    await expect.poll(() => page.getByTestId(`vendor-li-${vendor}`).isChecked()).toBe(false);
    expect(await page.getByTestId(`purpose-li-${purpose}`).isChecked()).toBe(false);
    await context.close();
  });

  it('"Reject all" leaves no consent and no legitimate-interest purpose in the TC string', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(baseURL + '/?locale=en');
    await page.getByTestId('consent-banner').waitFor();
    const model = TCString.decode(await chooseAndRead(page, 'consent-reject'));
    expect(model.purposeConsents.size + model.vendorConsents.size + model.purposeLegitimateInterests.size).toBe(0);
    const { vendors } = await vendorList();
    for (const v of vendors.filter((x) => x.legIntPurposes.length)) expect(model.vendorLegitimateInterests.has(v.id)).toBe(false);
    await context.close();
  });
});

describe('consent language', () => {
  it('the TC string the demo gets is in the language the banner spoke: Spanish after the switch, English before', async () => {
    const context = await browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto(baseURL + '/');
    await page.getByTestId('consent-banner').waitFor();
    // Switch the page to Spanish with the demo's own control, then choose in the Spanish banner.
    await page.getByTestId('locale-es').click();
    await page.waitForURL(/locale=es/);
    await expect.poll(() => page.getByTestId('consent-accept').textContent()).toBe('Aceptar todo');
    const decoded = TCString.decode(await chooseAndRead(page, 'consent-accept'));
    expect(decoded.consentLanguage).toBe('ES');
    expect(decoded.purposeConsents.has(1)).toBe(true);

    // The same visitor reopens the banner in English and rejects: the new string says EN.
    await page.getByTestId('locale-en').click();
    await page.waitForURL(/locale=en/);
    await page.getByTestId('privacy-settings').click();
    expect(TCString.decode(await chooseAndRead(page, 'consent-reject')).consentLanguage).toBe('EN');
    await context.close();
  });
});
