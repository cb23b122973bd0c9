import { GppModel } from '@iabgpp/cmpapi';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { chromiumForThisFile } from './support/browser.js';
import { injectAxe } from './support/axe.js';

// The demo's privacy UI per regime, in each engine against the real server: a US visitor (the page
// requested with `X-Geo-Country: US`) gets no banner but "Your Privacy Choices" in the footer; the
// choice is stored on the server and a returning visitor keeps it; Global Privacy Control opts out
// with no click.

const baseURL = inject('baseURL');
const browser = chromiumForThisFile();
const US = { 'X-Geo-Country': 'US' };

type OptOuts = { saleOptOut: boolean; sharingOptOut: boolean; targetedAdvertisingOptOut: boolean };
const OPT_OUT_KEYS = ['saleOptOut', 'sharingOptOut', 'targetedAdvertisingOptOut'] as const;

/** The page's consent bootstrap block, as the server rendered it for this request. */
const bootstrap = (page: Page) =>
  page.evaluate(() => JSON.parse(document.getElementById('tarmac-consent')?.textContent ?? 'null') as { regime: string; usnat?: OptOuts & { gpc: boolean } });

/** The usnat section of the page's `__gpp` string, decoded by the IAB's library. */
async function gppUsnat(page: Page): Promise<Record<string, unknown>> {
  const gppString = await page.evaluate(
    () => new Promise<string>((resolve) => (window as unknown as { __gpp: (...args: unknown[]) => void }).__gpp('ping', (ping: { gppString: string }) => resolve(ping.gppString))),
  );
  return new GppModel(gppString).getSection('usnat') as Record<string, unknown>;
}

/** Opens the demo home in `context` and waits until the app has rendered its footer. */
async function home(context: BrowserContext, query = ''): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${baseURL}/${query}`);
  await page.locator('footer nav').waitFor();
  await page.getByTestId('dynamic-deals').waitFor();
  return page;
}

/** The dialog's three opt-outs as ticked, and whether they can be changed. */
async function dialogState(page: Page) {
  const boxes = OPT_OUT_KEYS.map((key) => page.getByTestId(`privacy-choices-${key}`));
  return {
    checked: Object.fromEntries(await Promise.all(OPT_OUT_KEYS.map(async (key, i) => [key, await boxes[i]!.isChecked()]))) as OptOuts,
    disabled: (await Promise.all(boxes.map((box) => box.isDisabled()))).every(Boolean),
  };
}

describe('"Your Privacy Choices" for a US visitor', () => {
  it('no banner; the footer link opens a modal dialog, the opt-outs are saved and a returning visitor keeps them', async () => {
    const context = await browser.newContext({ extraHTTPHeaders: US });
    const page = await home(context, '?locale=en');
    expect((await bootstrap(page)).regime).toBe('usnat');
    expect(await page.getByTestId('consent-banner').count()).toBe(0);
    expect(await page.getByTestId('privacy-settings').count()).toBe(0);

    const link = page.getByRole('button', { name: 'Your Privacy Choices' });
    await link.click();
    const dialog = page.getByRole('dialog', { name: 'Your Privacy Choices' });
    await dialog.waitFor();
    // Modal: focus moved into it, and the page behind it is inert.
    expect(await dialog.evaluate((d) => d.matches(':modal') && d.contains(document.activeElement))).toBe(true);
    expect(await dialogState(page)).toEqual({ checked: { saleOptOut: false, sharingOptOut: false, targetedAdvertisingOptOut: false }, disabled: false });
    await injectAxe(page, baseURL);
    const findings = await page.evaluate(async () => {
      const { axe } = window as unknown as { axe: { run(context: Element, options: object): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } };
      const { violations } = await axe.run(document.querySelector('dialog')!, { resultTypes: ['violations'] });
      return violations.map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    });
    expect(findings).toEqual([]);

    await page.getByTestId('privacy-choices-saleOptOut').check();
    await page.getByTestId('privacy-choices-targetedAdvertisingOptOut').check();
    const saved = page.waitForResponse((r) => r.url().endsWith('/i/api/gpp/v1/usnat') && r.request().method() === 'POST');
    await page.getByTestId('privacy-choices-save').click();
    expect((await saved).status()).toBe(200);
    await dialog.waitFor({ state: 'detached' });
    expect(await link.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await gppUsnat(page)).toMatchObject({ SaleOptOut: 1, SharingOptOut: 2, TargetedAdvertisingOptOut: 1, Gpc: false });

    // A returning visitor: the server renders the stored choice, and the dialog starts from it.
    await page.reload();
    await page.locator('footer nav').waitFor();
    expect((await bootstrap(page)).usnat).toMatchObject({ decided: true, saleOptOut: true, sharingOptOut: false, targetedAdvertisingOptOut: true, gpc: false });
    await link.click();
    await dialog.waitFor();
    expect(await dialogState(page)).toEqual({ checked: { saleOptOut: true, sharingOptOut: false, targetedAdvertisingOptOut: true }, disabled: false });
    // Escape closes without saving anything.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });

  it('in Spanish the link reads "Tus opciones de privacidad"', async () => {
    const context = await browser.newContext({ extraHTTPHeaders: US });
    const page = await home(context, '?locale=es');
    await page.getByRole('button', { name: 'Tus opciones de privacidad' }).click();
    await page.getByRole('dialog', { name: 'Tus opciones de privacidad' }).waitFor();
    await context.close();
  });

  it('a browser with Global Privacy Control on is opted out of all three with no click', async () => {
    const context = await browser.newContext({ extraHTTPHeaders: { ...US, 'Sec-GPC': '1' } });
    // What a browser with GPC on does: the header on every request, and the property for scripts.
    await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }));
    const page = await home(context, '?locale=en');
    expect((await bootstrap(page)).usnat).toMatchObject({ decided: true, saleOptOut: true, sharingOptOut: true, targetedAdvertisingOptOut: true, gpc: true });
    await page.getByTestId('privacy-choices').click();
    await page.getByTestId('privacy-choices-gpc').waitFor();
    // While the signal is on, the opt-outs hold and cannot be unticked.
    expect(await dialogState(page)).toEqual({ checked: { saleOptOut: true, sharingOptOut: true, targetedAdvertisingOptOut: true }, disabled: true });
    expect(await gppUsnat(page)).toMatchObject({ SaleOptOut: 1, SharingOptOut: 1, TargetedAdvertisingOptOut: 1, Gpc: true });
    await context.close();
  });

  it('GPC seen only by the page (navigator.globalPrivacyControl) is saved without a click, and kept', async () => {
    const context = await browser.newContext({ extraHTTPHeaders: US });
    const gpcPage = await context.newPage();
    await gpcPage.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }));
    const stored = gpcPage.waitForResponse((r) => r.url().endsWith('/i/api/gpp/v1/usnat') && r.request().method() === 'POST');
    await gpcPage.goto(`${baseURL}/?locale=en`);
    const response = await stored;
    // The server's answer is the choice it stored from the page's request (read here rather than
    // the request's body, which Playwright over WebDriver BiDi does not report).
    expect(await response.json()).toMatchObject({ decided: true, saleOptOut: true, sharingOptOut: true, targetedAdvertisingOptOut: true, gpc: true });
    await gpcPage.close();

    // The same visitor later without GPC: the stored opt-out stands, and can now be changed.
    const page = await home(context, '?locale=en');
    expect((await bootstrap(page)).usnat).toMatchObject({ saleOptOut: true, sharingOptOut: true, targetedAdvertisingOptOut: true, gpc: true });
    await page.getByTestId('privacy-choices').click();
    await page.getByRole('dialog').waitFor();
    expect(await page.getByTestId('privacy-choices-gpc').count()).toBe(0);
    expect(await dialogState(page)).toEqual({ checked: { saleOptOut: true, sharingOptOut: true, targetedAdvertisingOptOut: true }, disabled: false });
    await context.close();
  });
});

describe('the privacy UI elsewhere', () => {
  it('outside the TCF and US regimes: no banner and no US choices', async () => {
    const context = await browser.newContext({ extraHTTPHeaders: { 'X-Geo-Country': 'JP' } });
    const page = await home(context, '?locale=en');
    expect((await bootstrap(page)).regime).toBe('none');
    expect(await page.getByTestId('consent-banner').count()).toBe(0);
    expect(await page.getByTestId('privacy-choices').count()).toBe(0);
    await context.close();
  });
});
