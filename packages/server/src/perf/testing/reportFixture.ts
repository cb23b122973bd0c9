import { NT_COUNT_FIELDS, NT_TIME_FIELDS } from '../contract.js';
import type { PerfReport, VitalField } from '../contract.js';

/** A stored report for tests: no timing, the given vitals, varied through `overrides`. */
export function perfReport(vitals: Partial<Record<VitalField, number>> = {}, overrides: Partial<PerfReport> = {}): PerfReport {
  const timing = Object.fromEntries([...NT_TIME_FIELDS, ...NT_COUNT_FIELDS].map((f) => [f, null])) as PerfReport['timing'];
  return {
    id: null,
    receivedAt: 1_000,
    url: 'https://site.test/',
    vertical: 'flights',
    pageId: 'home',
    subPageId: 'main',
    pageTag: null,
    userAgent: null,
    navStart: null,
    protocol: null,
    timing,
    vitals: { wv_lcp: null, wv_cls: null, wv_inp: null, wv_fid: null, wv_fcp: null, wv_ttfb: null, ...vitals },
    nav: 'hard',
    attribution: null,
    ...overrides,
  };
}
