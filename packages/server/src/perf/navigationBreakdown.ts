import type { PerfReport } from './contract.js';
import { percentile } from './percentile.js';

/** The phases of a page load the console charts, in the order they happen. */
export const PHASES = ['redirect', 'dns', 'connect', 'tls', 'request', 'response', 'dom', 'load'] as const;
export type Phase = (typeof PHASES)[number];

/** Median milliseconds of each phase over the reports where it happened, with how many those were. */
export type NavigationBreakdown = Record<Phase, { median: number | null; count: number }>;

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

/** The median of every phase across reports (back/forward-cache restores have no phases). */
export function navigationBreakdown(reports: PerfReport[]): NavigationBreakdown {
  const values = Object.fromEntries(PHASES.map((p) => [p, [] as number[]])) as Record<Phase, number[]>;
  for (const report of reports) {
    const durations = phaseDurations(report);
    for (const phase of PHASES) {
      const d = durations[phase];
      if (d !== undefined) values[phase].push(d);
    }
  }
  return Object.fromEntries(PHASES.map((p) => [p, { median: percentile(values[p], 50), count: values[p].length }])) as NavigationBreakdown;
}
