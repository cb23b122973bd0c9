import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumForThisFile } from './support/browser.js';

const baseURL = inject('baseURL');
const browser = chromiumForThisFile();

interface Bootstrap {
  regime: string;
  country: string;
  region?: string;
  gpc: boolean;
  tcf: { gdprApplies: boolean; showUi: boolean; tcString: string };
  usnat?: { decided: boolean; saleOptOut: boolean; gpc: boolean };
}

/** A fresh visitor whose requests carry `headers`, as a CDN in front of the server adds them. */
async function visitorFrom(headers: Record<string, string>): Promise<{ page: Page; violations: () => Promise<string[]>; close: () => Promise<void> }> {
  const context = await browser.newContext({ extraHTTPHeaders: headers });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const w = window as unknown as { cspViolations: string[] };
    w.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => w.cspViolations.push(`${e.effectiveDirective} ${e.blockedURI || 'inline'}`), true);
  });
  await page.goto(`${baseURL}/?locale=en`);
  return {
    page,
    violations: () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
    close: () => context.close(),
  };
}

const bootstrapOf = (page: Page) =>
  page.evaluate(() => JSON.parse(document.getElementById('tarmac-consent')?.textContent ?? 'null') as Bootstrap | null);
const gdprApplies = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<unknown>((resolve) =>
        (window as unknown as { __tcfapi: (...args: unknown[]) => void }).__tcfapi('addEventListener', 2, (data: { eventStatus?: string; gdprApplies?: boolean }) => {
          if (data.eventStatus === 'tcloaded' || data.eventStatus === 'cmpuishown') resolve(data.gdprApplies);
        }),
      ),
  );

describe('the regime of a visitor, decided by the server from the CDN’s headers', () => {
  it('a visitor from France gets the data block in <head> and the TCF banner, with no CSP violation', async () => {
    const { page, violations, close } = await visitorFrom({ 'X-Geo-Country': 'FR' });
    expect(await bootstrapOf(page)).toMatchObject({ regime: 'tcf', country: 'FR', gpc: false, tcf: { gdprApplies: true, showUi: true } });
    expect(await page.evaluate(() => document.getElementById('tarmac-consent')?.parentElement?.tagName)).toBe('HEAD');
    await page.getByTestId('consent-banner').waitFor();
    expect(await gdprApplies(page)).toBe(true);
    expect(await violations()).toEqual([]);
    await close();
  });

  it('a visitor from the US with GPC gets no banner, gdprApplies false and all US opt-outs from the page itself', async () => {
    const { page, violations, close } = await visitorFrom({ 'X-Geo-Country': 'US', 'X-Geo-Region': 'CA', 'Sec-GPC': '1' });
    expect(await bootstrapOf(page)).toMatchObject({
      regime: 'usnat',
      country: 'US',
      region: 'CA',
      gpc: true,
      tcf: { gdprApplies: false, showUi: false },
      usnat: { decided: true, saleOptOut: true, gpc: true },
    });
    expect(await gdprApplies(page)).toBe(false);
    expect(await page.getByTestId('consent-banner').count()).toBe(0);
    expect(await violations()).toEqual([]);
    await close();
  });

  it('a visitor from Japan gets neither regime; one with an unknown country header gets the default (ES)', async () => {
    const japan = await visitorFrom({ 'X-Geo-Country': 'JP' });
    expect(await bootstrapOf(japan.page)).toMatchObject({ regime: 'none', country: 'JP', tcf: { gdprApplies: false, showUi: false } });
    expect(await gdprApplies(japan.page)).toBe(false);
    expect(await japan.page.getByTestId('consent-banner').count()).toBe(0);
    await japan.close();
    const unknown = await visitorFrom({ 'X-Geo-Country': 'XX' });
    expect(await bootstrapOf(unknown.page)).toMatchObject({ regime: 'tcf', country: 'ES' });
    await unknown.close();
  });
});
