import { describe, expect, it } from 'vitest';
import { siteConsentSettings } from './consentSettings.js';
import type { NewConsentChoice } from './consentStorage.js';
import { DEFAULT_GVL_PATH, readGvlFile } from './gvlFile.js';
import { addMonths, reconsentReason } from './reconsent.js';
import { siteVendorsOf } from './siteVendors.js';

const json = readGvlFile(DEFAULT_GVL_PATH);
const site = siteVendorsOf(json);
const T = Date.UTC(2026, 0, 31, 12);
const stored = (overrides: Partial<NewConsentChoice> = {}): NewConsentChoice => ({
  visitorId: 'v',
  createdAt: T,
  choice: 'accept_all',
  tcString: 'x',
  gvlVersion: json.vendorListVersion,
  policyVersion: json.tcfPolicyVersion,
  language: 'en',
  userAgent: null,
  purposes: [],
  specialFeatures: [],
  vendors: [],
  objectedPurposes: [],
  objectedVendors: [],
  disclosedVendors: site.ids,
  reconsentReason: null,
  ...overrides,
});
const context = { json, site, maxAgeMonths: 13, now: T + 1000 };

describe('addMonths', () => {
  it('adds calendar months in UTC, keeping the day or the month’s last one', () => {
    expect(new Date(addMonths(T, 13)).toISOString()).toBe('2027-02-28T12:00:00.000Z');
    expect(new Date(addMonths(Date.UTC(2026, 4, 15), 6)).toISOString()).toBe('2026-11-15T00:00:00.000Z');
    expect(new Date(addMonths(Date.UTC(2027, 11, 31), 2)).toISOString()).toBe('2028-02-29T00:00:00.000Z');
  });
});

describe('reconsentReason', () => {
  it('keeps a choice within its months, for the same vendors, whatever the list version', () => {
    expect(reconsentReason(stored(), context)).toBeNull();
    expect(reconsentReason(stored({ gvlVersion: json.vendorListVersion - 1 }), context)).toBeNull();
    expect(reconsentReason(stored(), { ...context, now: addMonths(T, 13) - 1 })).toBeNull();
  });

  it('asks again once the months have passed', () => {
    expect(reconsentReason(stored(), { ...context, now: addMonths(T, 13) })).toBe('expired');
    expect(reconsentReason(stored(), { ...context, maxAgeMonths: 6, now: addMonths(T, 6) })).toBe('expired');
  });

  it('asks again when the site uses a vendor the visitor was not shown: from a new list, or added by the site', () => {
    const unseen = stored({ disclosedVendors: site.ids.slice(1) });
    expect(reconsentReason(unseen, context)).toBe('site_vendors');
    expect(reconsentReason({ ...unseen, gvlVersion: json.vendorListVersion - 1 }, context)).toBe('gvl_vendors');
    // shown more than the site uses now: nothing new to ask about
    expect(reconsentReason(stored({ disclosedVendors: [...site.ids, 4242] }), context)).toBeNull();
  });

  it('a choice from before the shown vendors were recorded was shown its whole list version', () => {
    expect(reconsentReason(stored({ disclosedVendors: null }), context)).toBeNull();
    expect(reconsentReason(stored({ disclosedVendors: null, gvlVersion: json.vendorListVersion - 1 }), context)).toBe('gvl_vendors');
  });

  it('asks again on a new TCF policy version first', () => {
    expect(reconsentReason(stored({ policyVersion: json.tcfPolicyVersion - 1, disclosedVendors: [] }), { ...context, now: addMonths(T, 20) })).toBe('policy');
  });
});

describe('site consent settings from the environment', () => {
  it('reads the vendor ids and the months, options first, 13 months by default', () => {
    expect(siteConsentSettings({}, {})).toEqual({ maxChoiceAgeMonths: 13 });
    expect(siteConsentSettings({}, { TARMAC_CONSENT_VENDORS: '1001, 1003', TARMAC_CONSENT_MAX_AGE_MONTHS: '6' })).toEqual({ vendorIds: [1001, 1003], maxChoiceAgeMonths: 6 });
    expect(siteConsentSettings({ vendorIds: [1], maxChoiceAgeMonths: 3 }, { TARMAC_CONSENT_VENDORS: '2', TARMAC_CONSENT_MAX_AGE_MONTHS: '6' })).toEqual({ vendorIds: [1], maxChoiceAgeMonths: 3 });
  });

  it('refuses malformed values, naming the variable', () => {
    expect(() => siteConsentSettings({}, { TARMAC_CONSENT_VENDORS: '1001;1002' })).toThrow(/TARMAC_CONSENT_VENDORS/);
    expect(() => siteConsentSettings({}, { TARMAC_CONSENT_MAX_AGE_MONTHS: 'a year' })).toThrow(/TARMAC_CONSENT_MAX_AGE_MONTHS/);
    // past 13 months the visitor cookie (395 days; browsers keep none past 400) would be gone first
    for (const months of ['0', '14']) expect(() => siteConsentSettings({}, { TARMAC_CONSENT_MAX_AGE_MONTHS: months })).toThrow(/1 to 13 months/);
  });
});
