/**
 * The performance report as stored and read back (see docs/perf.md for the wire form). One
 * report is one page view: its web vitals and, for a fresh load, its navigation timing.
 */
import type { NavigationCountField, NavigationTimeField, PerfReportForm, VitalFormField } from '@tarmac/platform/perf';
import type { Attribution, Navigation } from './attribution/contract.js';

/** Boomerang's navigation-timing time fields: epoch ms, 0 where the phase did not happen. */
export const NT_TIME_FIELDS = [
  'nt_red_st', 'nt_red_end', 'nt_fet_st', 'nt_dns_st', 'nt_dns_end', 'nt_con_st', 'nt_con_end',
  'nt_ssl_st', 'nt_req_st', 'nt_res_st', 'nt_res_end', 'nt_domint', 'nt_domcontloaded_st',
  'nt_domcontloaded_end', 'nt_domcomp', 'nt_load_st', 'nt_load_end', 'nt_unload_st', 'nt_unload_end',
] as const;
/** The other numeric navigation fields: counts, the type and sizes in bytes. */
export const NT_COUNT_FIELDS = ['nt_red_cnt', 'nt_nav_type', 'nt_trn_size', 'nt_enc_size', 'nt_dec_size'] as const;
/** The web-vitals fields and their metric names. */
export const VITALS = { wv_lcp: 'LCP', wv_cls: 'CLS', wv_inp: 'INP', wv_fid: 'FID', wv_fcp: 'FCP', wv_ttfb: 'TTFB' } as const;

export type NtTimeField = (typeof NT_TIME_FIELDS)[number];
export type NtCountField = (typeof NT_COUNT_FIELDS)[number];
export type VitalField = keyof typeof VITALS;
export type MetricName = (typeof VITALS)[VitalField];

/** A validated report, ready to store; absent numbers are null. */
export interface PerfReport {
  /** The page's id of the report (the server stores a report once per id); null from clients older than ids. */
  id: string | null;
  receivedAt: number;
  url: string | null;
  vertical: string | null;
  pageId: string | null;
  subPageId: string | null;
  pageTag: string | null;
  userAgent: string | null;
  /** Epoch ms of navigation start (or of the back/forward-cache restore). */
  navStart: number | null;
  protocol: string | null;
  timing: Record<NtTimeField | NtCountField, number | null>;
  vitals: Record<VitalField, number | null>;
  /** `soft` for a single-page app's route change (no navigation timing), else `hard`. */
  nav: Navigation;
  /** Why the vitals are what they are (perf/attribution/contract.ts); null when not measured. */
  attribution: Attribution | null;
}

// The wire form is the browser module's (`PerfReportForm`): these lists must name exactly its
// fields, checked here at compile time, so a field added or renamed on one side breaks the build.
type SameMembers<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const timeFieldsMatch: SameMembers<NtTimeField, NavigationTimeField> = true;
const countFieldsMatch: SameMembers<NtCountField, NavigationCountField> = true;
const vitalFieldsMatch: SameMembers<VitalField, VitalFormField> = true;
/** The page-describing text fields of the form, with the longest value each may have. */
export const TEXT_LIMITS = { url: 2048, vertical: 128, pageId: 128, subPageId: 128, pageTag: 128, nt_protocol: 32 } as const;
/** Every field the server reads from the form: exactly the browser module's, checked below. */
export type KnownFormField = NtTimeField | NtCountField | VitalField | keyof typeof TEXT_LIMITS | 'id' | 'nt_nav_st';
const formFieldsMatch: SameMembers<KnownFormField, keyof PerfReportForm> = true;
void [timeFieldsMatch, countFieldsMatch, vitalFieldsMatch, formFieldsMatch];

// The spec's good / poor limits and the rating rule: one table, the browser module's, so the
// dashboards rate exactly as the pages do.
export { THRESHOLDS, rate } from '@tarmac/platform/perf';
export type { MetricRating as Rating } from '@tarmac/platform/perf';
