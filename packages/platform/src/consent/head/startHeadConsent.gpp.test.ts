import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sampleConsentData as consentData } from '../../../../server/src/consent/testing/generateTcStrings.js';
import { installGppApi } from '../gpp/index.js';
import type { UsnatData } from '../gpp/index.js';
import { callGpp, resetGppWindow, usnatString } from '../gpp/testing/gppTestPage.js';
import { callTcfApi, resetCmpWindow } from '../testing/consentTestPage.js';
import { CONSENT_BOOTSTRAP_ID } from './consentBootstrap.js';
import { startHeadConsent } from './startHeadConsent.js';

// The head script as the build makes it: startHeadConsent handed the real installGppApi.
const optedOut: UsnatData = { decided: true, saleOptOut: true, sharingOptOut: false, targetedAdvertisingOptOut: false, gpc: false, updatedAt: 1_700_000_000_000 };

function pageWith(bootstrap: object): void {
  document.head.innerHTML = '<meta name="form-token" content="form-token-123">';
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = CONSENT_BOOTSTRAP_ID;
  block.textContent = JSON.stringify(bootstrap);
  document.head.appendChild(block);
}

// Each test is a fresh page: no CMP, no head consent registered.
const resetPage = () => {
  resetCmpWindow();
  resetGppWindow();
  delete (window as unknown as Record<symbol, unknown>)[Symbol.for('tarmac.headConsent')];
};
beforeEach(resetPage);
afterEach(resetPage);

describe('startHeadConsent with consent/gpp', () => {
  it('a US visitor: __gpp is ready with the usnat string of the page data, and __tcfapi loaded without GDPR', () => {
    pageWith({ regime: 'usnat', country: 'US', gpc: false, tcf: consentData({ gdprApplies: false, showUi: false }), usnat: optedOut });
    startHeadConsent({ installGpp: installGppApi });
    const [registered] = callGpp('addEventListener');
    expect(registered?.data).toMatchObject({ pingData: { signalStatus: 'ready', applicableSections: [7], gppString: usnatString(optedOut) } });
    expect(callGpp('getField', 'usnat.SaleOptOut')).toEqual([{ data: 1, success: true }]);
    expect(callTcfApi('addEventListener')[0]?.value).toMatchObject({ eventStatus: 'tcloaded', gdprApplies: false, cmpStatus: 'loaded' });
  });

  it('elsewhere: __gpp is ready with no section applying', () => {
    pageWith({ regime: 'tcf', country: 'ES', gpc: false, tcf: consentData() });
    startHeadConsent({ installGpp: installGppApi });
    expect(callGpp('ping')[0]?.data).toMatchObject({ signalStatus: 'ready', applicableSections: [-1], sectionList: [] });
  });
});
