import type { StoredAnalyticsHit } from '../../../analytics/contract.js';
import type { NewConsentChoice } from '../../../consent/consentStorage.js';
import type { PerfReport } from '../../../perf/contract.js';
import { NT_COUNT_FIELDS, NT_TIME_FIELDS } from '../../../perf/contract.js';

/** A performance report with every field set, changed by `overrides`. */
export function perfReport(overrides: Partial<PerfReport> = {}): PerfReport {
  const timing = Object.fromEntries([...NT_TIME_FIELDS, ...NT_COUNT_FIELDS].map((field, i) => [field, i === 0 ? null : 1_700_000_000_000 + i])) as PerfReport['timing'];
  return {
    id: 'report-1',
    receivedAt: 1_700_000_000_000,
    url: 'https://example.test/flights',
    vertical: 'flights',
    pageId: 'search',
    subPageId: 'results',
    pageTag: 'v2',
    userAgent: 'Mozilla/5.0',
    navStart: 1_699_999_999_000,
    protocol: 'h2',
    timing,
    vitals: { wv_lcp: 1234.5, wv_cls: 0.02, wv_inp: 80, wv_fid: null, wv_fcp: 900, wv_ttfb: 120 },
    ...overrides,
  };
}

/** An analytics page view, changed by `overrides`. */
export function analyticsHit(overrides: Partial<StoredAnalyticsHit> = {}): StoredAnalyticsHit {
  return {
    id: 'hit-1',
    type: 'pageview',
    path: '/flights',
    timestamp: 1_700_000_000_000,
    receivedAt: 1_700_000_000_000,
    nonInteraction: false,
    vertical: 'flights',
    locale: 'en-GB',
    affiliate: 'main',
    ...overrides,
  } as StoredAnalyticsHit;
}

/** A consent choice accepting purposes 1 and 2 and vendor 755, changed by `overrides`. */
export function consentChoice(overrides: Partial<NewConsentChoice> = {}): NewConsentChoice {
  return {
    visitorId: 'visitor-1',
    createdAt: 1_700_000_000_000,
    choice: 'accept_all',
    tcString: 'CPz-tc-string',
    gvlVersion: 3,
    policyVersion: 4,
    language: 'en',
    userAgent: 'Mozilla/5.0',
    purposes: [1, 2],
    specialFeatures: [],
    vendors: [755],
    objectedPurposes: [],
    objectedVendors: [],
    disclosedVendors: [755],
    reconsentReason: null,
    ...overrides,
  };
}
