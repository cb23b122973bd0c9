import type { PerfReport } from './contract.js';

/** The phases of a page load the console charts, in the order they happen. */
export const PHASES = ['redirect', 'dns', 'connect', 'tls', 'request', 'response', 'dom', 'load'] as const;
export type Phase = (typeof PHASES)[number];

/**
 * Mean milliseconds of each phase over the reports where it happened, with how many those were.
 * A mean, not a median: the rollups keep each phase's sum and count, which merge exactly over
 * any window, where a median would need a sketch per phase (too costly on ingest).
 */
export type NavigationBreakdown = Record<Phase, { mean: number | null; count: number }>;

/**
 * Each phase from Boomerang's fields: redirect (red_st→red_end), DNS, connect (con_st→con_end,
 * TLS included), TLS (ssl_st→con_end), request (req_st→res_st, the server's think time),
 * response (res_st→res_end), DOM (res_end→domcomp) and load (load_st→load_end). A phase is
 * left out of a report when either end is 0, i.e. did not happen or was not exposed.
 */
export function phaseDurations(report: PerfReport): Partial<Record<Phase, number>> {
  const t = report.timing;
  const span = (start: number | null, end: number | null) => (start && end && end >= start ? end - start : undefined);
  return {
    redirect: span(t.nt_red_st, t.nt_red_end),
    dns: span(t.nt_dns_st, t.nt_dns_end),
    connect: span(t.nt_con_st, t.nt_con_end),
    tls: span(t.nt_ssl_st, t.nt_con_end),
    request: span(t.nt_req_st, t.nt_res_st),
    response: span(t.nt_res_st, t.nt_res_end),
    dom: span(t.nt_res_end, t.nt_domcomp),
    load: span(t.nt_load_st, t.nt_load_end),
  };
}
