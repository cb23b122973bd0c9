import type { MetricName } from './types.js';

/** Boomerang's navigation-timing time fields (epoch ms, 0 where the phase did not happen). */
export type NavigationTimeField =
  | 'nt_red_st' | 'nt_red_end' | 'nt_fet_st' | 'nt_dns_st' | 'nt_dns_end' | 'nt_con_st' | 'nt_con_end'
  | 'nt_ssl_st' | 'nt_req_st' | 'nt_res_st' | 'nt_res_end' | 'nt_domint' | 'nt_domcontloaded_st'
  | 'nt_domcontloaded_end' | 'nt_domcomp' | 'nt_load_st' | 'nt_load_end' | 'nt_unload_st' | 'nt_unload_end';

/** The other numeric navigation fields: the redirect count, the navigation type, sizes in bytes. */
export type NavigationCountField = 'nt_red_cnt' | 'nt_nav_type' | 'nt_trn_size' | 'nt_enc_size' | 'nt_dec_size';

/** A web vital's form field: `wv_lcp`, `wv_cls`… */
export type VitalFormField = `wv_${Lowercase<MetricName>}`;

/**
 * Every field of the form a page POSTs to `{apiPrefix}/s/run/perf`: the one statement of the
 * wire format. The server's parser is tied to it at compile time (perf/contract.ts there), so a
 * field added or renamed on one side and not the other stops the build.
 */
export interface PerfReportForm extends Partial<Record<NavigationTimeField | NavigationCountField | VitalFormField, number>> {
  /** A new id per report, so the server stores it once whatever a retry sends again. */
  id: string;
  url: string;
  vertical?: string;
  pageId?: string;
  subPageId?: string;
  pageTag?: string;
  /** Epoch ms of navigation start, or of the back/forward-cache restore. */
  nt_nav_st?: number;
  nt_protocol?: string;
}
