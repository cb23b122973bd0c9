import { TCString } from '@iabtechlabtcf/core';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { chromiumForThisFile } from './support/browser.js';
import { ALLOWED_SYNCS, PREBID_SYNCS_USERS, PUBLISHER_ORTB2, auctionOutcome, firedSyncs, openDemoWithPrebid, startAuction, type CmpApi, type VendorLegalBasis } from './support/prebidPage.js';
import { DEFAULT_WAIT_MS } from './support/engine.js';

// Prebid.js from npm, with its own TCF consent module and TCF enforcement (tcfControl), reads our
// CMP on the demo page: the auction waits for the visitor's choice, and what our test bidder may
// receive is what Prebid's documented rules allow for the choice made in the banner.

const baseURL = inject('baseURL');
// Both of the page's CMP APIs, as a site serving Europe and the US configures Prebid: in the TCF
// regime our __gpp says no GPP section applies ([-1]) and the US controls stand aside.
const APIS: CmpApi[] = ['tcf', 'gpp'];
const browser = chromiumForThisFile();

type SiteVendor = VendorLegalBasis & { id: number };

/** The site's vendor that asks consent for storage (1), basic ads (2) and personalised ads (4). */
async function adVendor(): Promise<SiteVendor> {
  const list = (await (await fetch(baseURL + '/i/api/iabtcf/v1/vendors')).json()) as { vendors: SiteVendor[] };
  const vendor = list.vendors.find((v) => [1, 2, 4].every((p) => v.purposes.includes(p)));
  if (!vendor) throw new Error('the site lists no vendor asking consent for purposes 1, 2 and 4');
  return { id: vendor.id, purposes: vendor.purposes, legIntPurposes: vendor.legIntPurposes, specialFeatures: vendor.specialFeatures };
}

/** Our CMP's TC string on the page, as any vendor script reads it. */
const cmpTcString = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string>((resolve) =>
        (window as unknown as { __tcfapi: (...args: unknown[]) => void }).__tcfapi('getTCData', 2, (data: { tcString: string }) => resolve(data.tcString)),
      ),
  );

/** Waits for Prebid to finish the auction and report its TCF enforcement. */
async function endedAuction(page: Page) {
  await expect.poll(async () => (await auctionOutcome(page)).done && (await auctionOutcome(page)).tcf2Enforcement !== null, { timeout: DEFAULT_WAIT_MS }).toBe(true);
  return auctionOutcome(page);
}

describe('Prebid.js with consentManagementTcf and tcfControl on the demo page', () => {
  it('waits for "Accept all", then the bid request carries our TC string, user data and ids, and the bidder syncs (where Prebid syncs users: not in Firefox or Safari)', async () => {
    const vendor = await adVendor();
    const context = await browser.newContext();
    const demo = await openDemoWithPrebid(context, baseURL);
    const { page, bidRequests } = demo;
    await startAuction(page, vendor.id, vendor, APIS);
    await page.getByTestId('consent-banner').waitFor();
    // The auction is waiting for the visitor: nothing went out while the banner is up.
    expect(bidRequests).toEqual([]);
    expect((await auctionOutcome(page)).done).toBe(false);

    await page.getByTestId('consent-accept').click();
    const outcome = await endedAuction(page);
    const tcString = await cmpTcString(page);
    expect(bidRequests).toHaveLength(1);
    const [sent] = bidRequests;
    expect(sent?.gdprConsent?.consentString).toBe(tcString);
    expect(sent?.gdprConsent?.gdprApplies).toBe(true);
    expect(sent?.ortb2.user?.ext?.consent).toBe(tcString);
    expect(sent?.ortb2.regs?.ext?.gdpr).toBe(1);
    expect(sent?.gppConsent?.applicableSections).toEqual([-1]);
    // The string decodes with the IAB's library; Prebid read the same policy version from it.
    const decoded = TCString.decode(tcString);
    expect(decoded.cmpId).toBe(300);
    expect(sent?.gdprConsent?.vendorData?.tcfPolicyVersion).toBe(decoded.policyVersion);
    expect([1, 2, 4].map((p) => decoded.purposeConsents.has(p))).toEqual([true, true, true]);
    expect(decoded.vendorConsents.has(vendor.id)).toBe(true);
    // Nothing denied: the publisher's ids and user data reach the bidder, and its pixel syncs.
    expect(outcome.tcf2Enforcement).toEqual(expect.objectContaining({ biddersBlocked: [], eidsBlocked: [], ufpdBlocked: [] }));
    expect(sent?.ortb2.user?.ext?.eids).toEqual(PUBLISHER_ORTB2.user.ext.eids);
    expect(sent?.ortb2.user?.data).toEqual(PUBLISHER_ORTB2.user.data);
    const syncs = await firedSyncs(demo);
    expect(syncs).toHaveLength(ALLOWED_SYNCS);
    if (PREBID_SYNCS_USERS) expect(new URL(syncs[0] ?? '').searchParams.get('gdpr_consent')).toBe(tcString);
    await context.close();
  });

  it('after "Reject all" tcfControl blocks the bidder: no bid request, no user sync', async () => {
    const vendor = await adVendor();
    const context = await browser.newContext();
    const demo = await openDemoWithPrebid(context, baseURL);
    const { page, bidRequests } = demo;
    await startAuction(page, vendor.id, vendor, APIS);
    await page.getByTestId('consent-reject').click();
    const outcome = await endedAuction(page);
    const decoded = TCString.decode(await cmpTcString(page));
    expect(decoded.purposeConsents.has(2)).toBe(false);
    expect(decoded.vendorConsents.has(vendor.id)).toBe(false);
    expect(outcome.tcf2Enforcement?.biddersBlocked).toEqual(['tarmacTest']);
    expect(bidRequests).toEqual([]);
    expect(await firedSyncs(demo)).toEqual([]);
    await context.close();
  });

  it('a custom choice without personalised ads (purpose 4): the bid goes out with the ids, the user data is stripped', async () => {
    const vendor = await adVendor();
    const context = await browser.newContext();
    const demo = await openDemoWithPrebid(context, baseURL);
    const { page, bidRequests } = demo;
    await startAuction(page, vendor.id, vendor, APIS);
    await page.getByTestId('consent-settings').click();
    await page.getByTestId('purpose-1').check();
    await page.getByTestId('purpose-2').check();
    await page.getByTestId(`vendor-${vendor.id}`).check();
    await page.getByTestId('consent-save').click();
    const outcome = await endedAuction(page);
    const tcString = await cmpTcString(page);
    expect(TCString.decode(tcString).purposeConsents.has(4)).toBe(false);

    expect(outcome.tcf2Enforcement?.ufpdBlocked).toEqual(['tarmacTest']);
    expect(outcome.tcf2Enforcement?.biddersBlocked).toEqual([]);
    expect(bidRequests).toHaveLength(1);
    const user = bidRequests[0]?.ortb2.user;
    expect(user?.ext?.consent).toBe(tcString);
    // Prebid's rule: ids need consent (and the vendor) for any purpose 2–10; user data needs purpose 4.
    expect(user?.ext?.eids).toEqual(PUBLISHER_ORTB2.user.ext.eids);
    expect(user?.data).toBeUndefined();
    expect(user?.keywords).toBeUndefined();
    expect(await firedSyncs(demo)).toHaveLength(ALLOWED_SYNCS);
    await context.close();
  });
});
