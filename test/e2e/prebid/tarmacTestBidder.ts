import type { PrebidJS } from 'prebid.js/types.d.ts';

/** The bidder code of our test adapter, and the same-origin URLs it talks to (answered by Playwright). */
export const TEST_BIDDER = 'tarmacTest';
export const BID_URL = '/__e2e/prebid/bid';
export const SYNC_URL = '/__e2e/prebid/sync';

type BidderSpec = Parameters<PrebidJS['registerBidAdapter']>[2];

declare global {
  interface Window {
    /**
     * Every body the test bidder POSTed, in order; request n goes to `BID_URL?seq=n`. Kept in the
     * page because not every engine's automation reports request bodies (Playwright over
     * WebDriver BiDi gives none), so the tests read the body here and, where the engine reports
     * it, check that the body that arrived is this one.
     */
    tarmacTestBids?: string[];
  }
}

/**
 * A minimal bid adapter, the shape every Prebid adapter has: it POSTs the bidder request Prebid
 * hands it (its `ortb2`, already carrying the consent strings and already redacted by Prebid's
 * activity controls, plus the consent objects and the user ids) to one endpoint, and asks for an
 * image user sync. The tests read what reached the endpoint (the body as recorded in the page,
 * `window.tarmacTestBids`, checked against the wire where the engine reports bodies); what Prebid
 * denies never arrives.
 * `gvlid` is the vendor's id in the site's Global Vendor List, so tcfControl checks its consent.
 */
export function tarmacTestBidder(gvlid: number): NonNullable<BidderSpec> {
  return {
    code: TEST_BIDDER,
    gvlid,
    supportedMediaTypes: ['banner'],
    isBidRequestValid: () => true,
    buildRequests(bidRequests, bidderRequest) {
      const sent = (window.tarmacTestBids ??= []);
      const data = JSON.stringify({
        ortb2: bidderRequest.ortb2,
        gdprConsent: bidderRequest.gdprConsent ?? null,
        gppConsent: bidderRequest.gppConsent ?? null,
        userIdAsEids: bidRequests[0]?.userIdAsEids ?? null,
        adUnitCodes: bidRequests.map((bid) => bid.adUnitCode),
      });
      sent.push(data);
      return {
        method: 'POST',
        url: `${BID_URL}?seq=${sent.length - 1}`,
        data,
        options: { contentType: 'application/json', withCredentials: false },
      };
    },
    interpretResponse: () => [],
    getUserSyncs(syncOptions, _responses, gdprConsent) {
      if (!syncOptions.pixelEnabled) return [];
      return [{ type: 'image', url: `${SYNC_URL}?gdpr_consent=${encodeURIComponent(gdprConsent?.consentString ?? '')}` }];
    },
  };
}
