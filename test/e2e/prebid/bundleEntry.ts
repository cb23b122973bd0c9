// The Prebid.js a publisher would build from npm: the core, the IAB consent modules (TCF and GPP)
// with their enforcement (tcfControl, gppControl_usnat), and our test bidder. Built by
// ../support/prebidBundle.ts into an IIFE the tests load into the demo page.
import pbjs from 'prebid.js';
import 'prebid.js/modules/consentManagementTcf';
import 'prebid.js/modules/tcfControl';
import 'prebid.js/modules/consentManagementGpp';
import 'prebid.js/modules/gppControl_usnat';
import { TEST_BIDDER, tarmacTestBidder } from './tarmacTestBidder';

declare global {
  interface Window {
    /** Registers the test bidder under the vendor id the test chose from the site's vendor list. */
    registerTarmacTestBidder(gvlid: number): void;
  }
}

window.registerTarmacTestBidder = (gvlid) => pbjs.registerBidAdapter(undefined, TEST_BIDDER, tarmacTestBidder(gvlid));
pbjs.processQueue();
