import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { expect } from 'vitest';
import type { PrebidJS } from 'prebid.js/types.d.ts';
import { BID_URL, SYNC_URL, TEST_BIDDER } from '../prebid/tarmacTestBidder.js';
import { prebidBundle } from './prebidBundle.js';
import { engine } from './engine.js';

/** What our test bidder POSTed: the bidder request as Prebid built it for this vendor. */
export interface SentBidRequest {
  ortb2: {
    regs?: { gpp?: string; gpp_sid?: number[]; ext?: { gdpr?: number } };
    user?: { data?: unknown[]; keywords?: string; ext?: { consent?: string; eids?: unknown[]; data?: unknown } };
  };
  gdprConsent: { consentString?: string; gdprApplies?: boolean; vendorData?: { tcfPolicyVersion?: number } } | null;
  gppConsent: { gppString?: string; applicableSections?: number[] } | null;
  adUnitCodes: string[];
}

/** A demo page with Prebid in its `<head>`, and what reached the bidder's endpoints. */
export interface PrebidDemoPage {
  page: Page;
  bidRequests: SentBidRequest[];
  /** The URLs of the user-sync pixels the page loaded. */
  syncs: string[];
}

/** What Prebid reported at the end of an auction (its `tcf2Enforcement` event and the auction's end). */
export interface AuctionOutcome {
  done: boolean;
  tcf2Enforcement: { biddersBlocked: string[]; storageBlocked: string[]; ufpdBlocked: string[]; eidsBlocked: string[] } | null;
}

/**
 * The first-party data the publisher sets: a user id (`user.ext.eids`, Prebid's transmitEids
 * activity) and user data (`user.data`, `user.keywords`: its transmitUfpd activity).
 */
export const PUBLISHER_ORTB2 = {
  user: {
    keywords: 'beach,family',
    data: [{ name: 'tarmac-e2e', segment: [{ id: 'frequent-flyer' }] }],
    ext: { eids: [{ source: 'tarmac-e2e.example', uids: [{ id: 'visitor-42', atype: 1 }] }] },
  },
};

type PrebidWindow = Window & { pbjs: PrebidJS; auction: AuctionOutcome };

/**
 * Opens the demo's home page (the real server's HTML, `headers` sent with it, e.g. the visitor's
 * country) with our Prebid bundle as a classic script at the end of `<head>`, where a publisher
 * puts its header-bidding tag: it runs before the app bundle, the page's own CSP allows it (same
 * origin). The bidder's endpoints are answered here and record what reached them.
 */
export async function openDemoWithPrebid(context: BrowserContext, baseURL: string, headers: Record<string, string> = {}): Promise<PrebidDemoPage> {
  const bundle = await readFile(await prebidBundle(), 'utf8');
  const page = await context.newPage();
  const bidRequests: SentBidRequest[] = [];
  const syncs: string[] = [];
  await page.route(baseURL + '/__e2e/prebid/prebid.js', (route) => route.fulfill({ body: bundle, contentType: 'text/javascript' }));
  await page.route(`${baseURL}${BID_URL}?seq=*`, async (route) => {
    bidRequests.push(await arrivedBody(page, route.request()));
    await route.fulfill({ status: 204, body: '' });
  });
  await page.route(`${baseURL}${SYNC_URL}?*`, async (route) => {
    syncs.push(route.request().url());
    await route.fulfill({ status: 204, body: '' });
  });
  await page.route(baseURL + '/', async (route) => {
    const response = await route.fetch({ headers: { ...route.request().headers(), ...headers } });
    const html = (await response.text()).replace('</head>', '<script src="/__e2e/prebid/prebid.js"></script></head>');
    await route.fulfill({ response, body: html });
  });
  await page.goto(baseURL + '/');
  await page.waitForFunction(() => typeof (window as unknown as PrebidWindow).pbjs?.requestBids === 'function');
  return { page, bidRequests, syncs };
}

/**
 * The body of a bid request that reached the endpoint: the one the bidder recorded in the page
 * under the request's `seq` (Playwright over WebDriver BiDi reports no request bodies). Where the
 * engine does report the body, it must be that same text, so the page's record is checked
 * against the wire wherever the wire can be read.
 */
async function arrivedBody(page: Page, request: Request): Promise<SentBidRequest> {
  const seq = Number(new URL(request.url()).searchParams.get('seq'));
  const recorded = await page.evaluate((n) => window.tarmacTestBids?.[n] ?? null, seq);
  const onTheWire = request.postData();
  if (recorded === null) throw new Error(`the page has no record of bid request ${seq}`);
  if (onTheWire !== null) expect(onTheWire).toBe(recorded);
  return JSON.parse(recorded) as SentBidRequest;
}

/**
 * Whether Prebid fires user syncs at all in this run's engine. Its userSync module skips every
 * sync in Firefox and Safari, whose browsers block third-party cookies
 * (`browserSupportsUserSyncCookies` in prebid.js src/userSync.js), whatever the consent; so there
 * a test expects no sync pixel, and the consent rules for syncs are proven in Chromium.
 */
export const PREBID_SYNCS_USERS = engine === 'chromium';

/** The sync pixels an auction the consent allows syncs for fires here: one bidder, one pixel where Prebid syncs. */
export const ALLOWED_SYNCS = PREBID_SYNCS_USERS ? 1 : 0;

/** A vendor's legal bases, as Prebid's `gvlLegalBasisMapping` takes them. */
export interface VendorLegalBasis {
  purposes: number[];
  legIntPurposes: number[];
  specialFeatures: number[];
}

/** The page's IAB CMP APIs Prebid reads: `__tcfapi` (consentManagementTcf) and `__gpp` (consentManagementGpp). */
export type CmpApi = 'tcf' | 'gpp';

/**
 * Configures Prebid as a publisher would (the page's IAB CMP APIs named in `apis`, with time for
 * the visitor to choose; user syncs right after the auction) and starts one auction with one ad
 * unit for our bidder, registered under `gvlid` with the legal bases of the site's vendor list. The
 * auction waits for the CMP; `auctionOutcome` says when it ended. (Prebid cancels the auction when
 * a configured CMP API is missing from the page.)
 */
export async function startAuction(page: Page, gvlid: number, basis: VendorLegalBasis, apis: CmpApi[] = ['tcf']): Promise<void> {
  await page.evaluate(
    ({ gvlid, basis, bidder, ortb2, apis }) => {
      const w = window as unknown as PrebidWindow & { registerTarmacTestBidder(id: number): void };
      w.auction = { done: false, tcf2Enforcement: null };
      w.registerTarmacTestBidder(gvlid);
      w.pbjs.onEvent('tcf2Enforcement', (result) => (w.auction.tcf2Enforcement = result as AuctionOutcome['tcf2Enforcement']));
      w.pbjs.setConfig({
        consentManagement: {
          ...(apis.includes('tcf') ? { gdpr: { cmpApi: 'iab', timeout: 20_000 } } : {}),
          ...(apis.includes('gpp') ? { gpp: { cmpApi: 'iab', timeout: 20_000 } } : {}),
        },
        gvlLegalBasisMapping: { [gvlid]: { ...basis, flexiblePurposes: [] } },
        userSync: { syncDelay: 0, filterSettings: { image: { bidders: '*', filter: 'include' } } },
        ortb2,
      } as Parameters<PrebidJS['setConfig']>[0]);
      void w.pbjs.requestBids({
        adUnits: [{ code: 'results-banner', mediaTypes: { banner: { sizes: [[300, 250]] } }, bids: [{ bidder, params: {} }] }],
        timeout: 5000,
        bidsBackHandler: () => (w.auction.done = true),
      });
    },
    { gvlid, basis, bidder: TEST_BIDDER, ortb2: PUBLISHER_ORTB2, apis },
  );
}

/** The auction's outcome so far (done once Prebid called bidsBackHandler). */
export const auctionOutcome = (page: Page) => page.evaluate(() => (window as unknown as PrebidWindow).auction);

/**
 * The user-sync pixels of the ended auction, once they have all been requested: Prebid fires them
 * right after the auction (syncDelay 0) in the same task, so a marker pixel the page requests
 * after that arrives after them. An empty answer then means no pixel was fired, not "not yet".
 */
export async function firedSyncs(demo: PrebidDemoPage): Promise<string[]> {
  const marker = `${SYNC_URL}?marker=${Date.now()}`;
  await demo.page.evaluate((src) => void (new Image().src = src), marker);
  await expect.poll(() => demo.syncs.some((url) => url.endsWith(marker))).toBe(true);
  return demo.syncs.filter((url) => !url.endsWith(marker));
}
