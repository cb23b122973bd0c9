import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { consentFor, decisionOf } from './consentFor.js';
import { installConsentApi } from './installConsentApi.js';
import { sampleConsentData as consentData } from '../../../server/src/consent/testing/generateTcStrings.js';
import { decodeTcString } from './decodeTcString.js';
import type { TCData } from './types.js';
import { resetCmpWindow, stubFetch } from './testing/consentTestPage.js';

beforeEach(resetCmpWindow);
afterEach(() => vi.unstubAllGlobals());

const tcData = (overrides: Partial<TCData>): TCData => ({
  tcfPolicyVersion: 5,
  cmpId: 300,
  cmpVersion: 1,
  gdprApplies: true,
  eventStatus: 'tcloaded',
  cmpStatus: 'loaded',
  listenerId: 1,
  purpose: { consents: { 1: true, 2: false, 3: true }, legitimateInterests: {} },
  vendor: { consents: { 10: true, 11: false }, legitimateInterests: {}, disclosedVendors: { 10: true, 11: true } },
  ...overrides,
});

describe('decisionOf', () => {
  it('grants when every purpose (and the vendor) has consent', () => {
    expect(decisionOf(tcData({}), [1, 3])).toBe(true);
    expect(decisionOf(tcData({}), [1, 2])).toBe(false);
    expect(decisionOf(tcData({}), [1], 10)).toBe(true);
    expect(decisionOf(tcData({}), [1], 11)).toBe(false);
  });

  it('grants when GDPR does not apply', () => {
    expect(decisionOf(tcData({ gdprApplies: false, purpose: undefined }), [1, 2])).toBe(true);
  });

  it('waits while the CMP is a stub or shows its UI, and refuses when it failed', () => {
    expect(decisionOf(tcData({ cmpStatus: 'stub' }), [1])).toBeUndefined();
    expect(decisionOf(tcData({ eventStatus: 'cmpuishown' }), [1])).toBeUndefined();
    expect(decisionOf(tcData({ cmpStatus: 'error' }), [1])).toBe(false);
  });
});

describe('consentFor with the real handler', () => {
  it('tells the decision once known, again when it changes, and nothing after unsubscribing', async () => {
    const first = consentData({ showUi: true });
    stubFetch(() => first);
    const handler = installConsentApi({ cmpId: 300, cmpVersion: 1, formToken: 'token' });
    const decisions: boolean[] = [];
    const unsubscribe = consentFor([1])((granted) => decisions.push(granted));
    await handler.ready;
    expect(decisions).toEqual([]); // UI shown, nobody decided yet

    const consentToOne = consentData();
    const granted = decodeTcString(consentToOne.tcString)!.purposeConsents[1] === true;
    handler.update(consentToOne);
    expect(decisions).toEqual([granted]);
    handler.update(consentData({ gdprApplies: false }));
    expect(decisions).toEqual(granted ? [true] : [false, true]);
    unsubscribe();
    handler.update(null);
    handler.update(consentData({ gdprApplies: false }));
    expect(decisions).toHaveLength(granted ? 1 : 2);
  });

  it('means no consent on a page without any CMP', () => {
    const listener = vi.fn();
    consentFor([1])(listener);
    expect(listener).toHaveBeenCalledExactlyOnceWith(false);
  });
});
