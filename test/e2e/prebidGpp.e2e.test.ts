import { GppModel } from '@iabgpp/cmpapi';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { chromiumForThisFile } from './support/browser.js';
import { ALLOWED_SYNCS, PUBLISHER_ORTB2, auctionOutcome, firedSyncs, openDemoWithPrebid, startAuction, type CmpApi, type VendorLegalBasis } from './support/prebidPage.js';
import { DEFAULT_WAIT_MS } from './support/engine.js';

// Prebid.js from npm, with its GPP consent module and its US National controls (gppControl_usnat),
// on the demo page of a US visitor (`X-Geo-Country: US`): the bid request carries our GPP string
// and gpp_sid [7]; after an opt-out, or with Global Privacy Control, Prebid keeps the visitor's
// ids and data from the bidder.

const baseURL = inject('baseURL');
const browser = chromiumForThisFile();
const US = { 'X-Geo-Country': 'US' };
// The TCF consent module is configured too, as a site serving Europe and the US would: outside
// the TCF regime our __tcfapi says gdprApplies false and tcfControl stands aside.
const APIS: CmpApi[] = ['tcf', 'gpp'];
// Outside the TCF regime no vendor's GVL id matters; any id stands in for the bidder's.
const GVLID = 1002;
const BASIS: VendorLegalBasis = { purposes: [1, 2, 3, 4], legIntPurposes: [], specialFeatures: [] };

/** Our CMP's GPP string and applicable sections on the page, as any vendor script reads them. */
const cmpGpp = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ gppString: string; applicableSections: number[] }>((resolve) =>
        (window as unknown as { __gpp: (...args: unknown[]) => void }).__gpp('ping', resolve),
      ),
  );

/** The usnat fields of a GPP string, decoded by the IAB's library. */
function usnatOf(gppString: string): Record<string, unknown> {
  const model = new GppModel(gppString);
  expect(model.getSectionIds()).toEqual([7]);
  return model.getSection('usnat') as Record<string, unknown>;
}

async function endedAuction(page: Page) {
  await expect.poll(async () => (await auctionOutcome(page)).done, { timeout: DEFAULT_WAIT_MS }).toBe(true);
}

/** A US visitor's demo page with Prebid, after one auction. */
async function auctionFor(context: BrowserContext, headers: Record<string, string> = US) {
  const demo = await openDemoWithPrebid(context, baseURL, headers);
  await startAuction(demo.page, GVLID, BASIS, APIS);
  await endedAuction(demo.page);
  expect(demo.bidRequests).toHaveLength(1);
  return { ...demo, sent: demo.bidRequests[0]!, cmp: await cmpGpp(demo.page), syncs: await firedSyncs(demo) };
}

describe('Prebid.js with consentManagementGpp and gppControl_usnat for a US visitor', () => {
  it('before any choice: the bid request carries our GPP string and gpp_sid [7], with the ids and data', async () => {
    const context = await browser.newContext({ extraHTTPHeaders: US });
    const { page, sent, cmp, syncs } = await auctionFor(context);
    expect(cmp.applicableSections).toEqual([7]);
    expect(sent.ortb2.regs?.gpp).toBe(cmp.gppString);
    expect(sent.ortb2.regs?.gpp_sid).toEqual([7]);
    expect(sent.gppConsent?.gppString).toBe(cmp.gppString);
    expect(sent.gdprConsent?.gdprApplies).toBe(false);
    expect(usnatOf(cmp.gppString)).toMatchObject({ SaleOptOut: 2, SharingOptOut: 2, TargetedAdvertisingOptOut: 2, Gpc: false });
    // No opt-out: Prebid lets the publisher's ids and user data through, and the bidder syncs.
    expect(sent.ortb2.user?.ext?.eids).toEqual(PUBLISHER_ORTB2.user.ext.eids);
    expect(sent.ortb2.user?.data).toEqual(PUBLISHER_ORTB2.user.data);
    expect(syncs).toHaveLength(ALLOWED_SYNCS); // Prebid syncs no users in Firefox or Safari
    expect(await page.getByTestId('consent-banner').count()).toBe(0);
    await context.close();
  });

  it('after an opt-out in "Your Privacy Choices": the new string, and no ids, user data or sync for the bidder', async () => {
    const context = await browser.newContext({ extraHTTPHeaders: US });
    const first = await openDemoWithPrebid(context, baseURL, US);
    await first.page.getByTestId('privacy-choices').click();
    await first.page.getByTestId('privacy-choices-saleOptOut').check();
    await first.page.getByTestId('privacy-choices-sharingOptOut').check();
    await first.page.getByTestId('privacy-choices-targetedAdvertisingOptOut').check();
    await first.page.getByTestId('privacy-choices-save').click();
    await first.page.getByTestId('privacy-choices-dialog').waitFor({ state: 'detached' });
    // The dialog updated __gpp on this page at once.
    expect(usnatOf((await cmpGpp(first.page)).gppString)).toMatchObject({ SaleOptOut: 1, SharingOptOut: 1, TargetedAdvertisingOptOut: 1 });
    await first.page.close();

    // The next page of the same visitor: the stored opt-out, as Prebid reads it.
    const { sent, cmp, syncs } = await auctionFor(context);
    expect(sent.ortb2.regs?.gpp).toBe(cmp.gppString);
    expect(sent.ortb2.regs?.gpp_sid).toEqual([7]);
    expect(usnatOf(cmp.gppString)).toMatchObject({ SaleOptOut: 1, SharingOptOut: 1, TargetedAdvertisingOptOut: 1, Gpc: false });
    expect(sent.ortb2.user?.ext?.eids).toBeUndefined();
    expect(sent.ortb2.user?.data).toBeUndefined();
    expect(sent.ortb2.user?.keywords).toBeUndefined();
    expect(sent.adUnitCodes).toEqual(['results-banner']); // the bid itself still goes out (US law: opt-out, not opt-in)
    expect(syncs).toEqual([]);
    await context.close();
  });

  it('with Global Privacy Control and no click: Gpc set, the opt-outs in force, no ids or data for the bidder', async () => {
    const context = await browser.newContext({ extraHTTPHeaders: { ...US, 'Sec-GPC': '1' } });
    await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }));
    const { sent, cmp, syncs } = await auctionFor(context, { ...US, 'Sec-GPC': '1' });
    expect(sent.ortb2.regs?.gpp).toBe(cmp.gppString);
    expect(usnatOf(cmp.gppString)).toMatchObject({ SaleOptOut: 1, SharingOptOut: 1, TargetedAdvertisingOptOut: 1, Gpc: true });
    expect(sent.ortb2.user?.ext?.eids).toBeUndefined();
    expect(sent.ortb2.user?.data).toBeUndefined();
    expect(syncs).toEqual([]);
    await context.close();
  });
});

describe('Prebid.js outside the TCF and US regimes', () => {
  it('for a visitor in Japan neither framework applies: gdprApplies false, GPP sections [-1], ids and data flow', async () => {
    const JP = { 'X-Geo-Country': 'JP' };
    const context = await browser.newContext({ extraHTTPHeaders: JP });
    const { page, sent, cmp, syncs } = await auctionFor(context, JP);
    expect(cmp.applicableSections).toEqual([-1]);
    expect(sent.gdprConsent?.gdprApplies).toBe(false);
    expect(sent.gppConsent?.applicableSections).toEqual([-1]);
    expect(sent.ortb2.regs?.gpp_sid).toEqual([-1]);
    expect(sent.ortb2.user?.ext?.eids).toEqual(PUBLISHER_ORTB2.user.ext.eids);
    expect(sent.ortb2.user?.data).toEqual(PUBLISHER_ORTB2.user.data);
    expect(syncs).toHaveLength(ALLOWED_SYNCS); // Prebid syncs no users in Firefox or Safari
    expect(await page.getByTestId('consent-banner').count()).toBe(0);
    await context.close();
  });
});
