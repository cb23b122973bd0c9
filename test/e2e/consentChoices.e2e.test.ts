import { TCString } from '@iabtechlabtcf/core';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumForThisFile } from './support/browser.js';

const baseURL = inject('baseURL');
const browser = chromiumForThisFile();

type TcfWindow = Window & { __tcfapi: (command: string, version: number, callback: (data: unknown, ok: boolean) => void) => void };

/** The TC string the page's CMP reports once the visitor's choice is applied. */
const reportedTcString = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string>((resolve) =>
        (window as unknown as TcfWindow).__tcfapi('addEventListener', 2, (data) => {
          const t = data as { eventStatus: string; tcString: string };
          if (t.eventStatus == 'useractioncomplete') resolve(t.tcString);
        }),
      ),
  );

describe('consent language in Chromium', () => {
  it('the TC string the demo gets is in the language the banner spoke: Spanish after the switch, English before', async () => {
    const context = await browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto(baseURL + '/');
    await page.getByTestId('consent-banner').waitFor();
    // Switch the page to Spanish with the demo's own control, then choose in the Spanish banner.
    await page.getByTestId('locale-es').click();
    await page.waitForURL(/locale=es/);
    await expect.poll(() => page.getByTestId('consent-accept').textContent()).toBe('Aceptar todo');
    const spanish = reportedTcString(page);
    await page.getByTestId('consent-accept').click();
    const decoded = TCString.decode(await spanish);
    expect(decoded.consentLanguage).toBe('ES');
    expect(decoded.purposeConsents.has(1)).toBe(true);

    // The same visitor reopens the banner in English and rejects: the new string says EN.
    await page.getByTestId('locale-en').click();
    await page.waitForURL(/locale=en/);
    await page.getByTestId('privacy-settings').click();
    const english = reportedTcString(page);
    await page.getByTestId('consent-reject').click();
    expect(TCString.decode(await english).consentLanguage).toBe('EN');
    await context.close();
  });
});
