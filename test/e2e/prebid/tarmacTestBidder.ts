import type { PrebidJS } from 'prebid.js/types.d.ts';

/** The bidder code of our test adapter, and the same-origin URLs it talks to (answered by Playwright). */
export const TEST_BIDDER = 'tarmacTest';
export const BID_URL = '/__e2e/prebid/bid';
export const SYNC_URL = '/__e2e/prebid/sync';

type BidderSpec = Parameters<PrebidJS['registerBidAdapter']>[2];

/**
 * A minimal bid adapter, the shape every Prebid adapter has: it POSTs the bidder request Prebid
 * hands it (its `ortb2`, already carrying the consent strings and already redacted by Prebid's
 * activity controls, plus the consent objects and the user ids) to one endpoint, and asks for an
 * image user sync. The tests read what reached the endpoint; what Prebid denies never arrives.
 * `gvlid` is the vendor's id in the site's Global Vendor List, so tcfControl checks its consent.
 */
export function tarmacTestBidder(gvlid: number): NonNullable<BidderSpec> {
  return {
    code: TEST_BIDDER,
    gvlid,
    supportedMediaTypes: ['banner'],
    isBidRequestValid: () => true,
    buildRequests(bidRequests, bidderRequest) {
      return {
        method: 'POST',
        url: BID_URL,
        data: JSON.stringify({
          ortb2: bidderRequest.ortb2,
          gdprConsent: bidderRequest.gdprConsent ?? null,
          gppConsent: bidderRequest.gppConsent ?? null,
          userIdAsEids: bidRequests[0]?.userIdAsEids ?? null,
          adUnitCodes: bidRequests.map((bid) => bid.adUnitCode),
        }),
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
