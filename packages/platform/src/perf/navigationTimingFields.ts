import type { NavigationTimeField, PerfReportForm } from './lib/reportForm.js';

/** Boomerang's navigation-timing field names with the Navigation Timing attribute each holds. */
/** The times Navigation Timing sets on every navigation: never 0 for "did not happen". */
const ALWAYS_HAPPEN: NavigationTimeField[] = ['nt_fet_st', 'nt_dns_st', 'nt_dns_end', 'nt_con_st', 'nt_con_end'];
const TIMES: Record<NavigationTimeField, keyof PerformanceNavigationTiming> = {
  nt_red_st: 'redirectStart',
  nt_red_end: 'redirectEnd',
  nt_fet_st: 'fetchStart',
  nt_dns_st: 'domainLookupStart',
  nt_dns_end: 'domainLookupEnd',
  nt_con_st: 'connectStart',
  nt_con_end: 'connectEnd',
  nt_ssl_st: 'secureConnectionStart',
  nt_req_st: 'requestStart',
  nt_res_st: 'responseStart',
  nt_res_end: 'responseEnd',
  nt_domint: 'domInteractive',
  nt_domcontloaded_st: 'domContentLoadedEventStart',
  nt_domcontloaded_end: 'domContentLoadedEventEnd',
  nt_domcomp: 'domComplete',
  nt_load_st: 'loadEventStart',
  nt_load_end: 'loadEventEnd',
  nt_unload_st: 'unloadEventStart',
  nt_unload_end: 'unloadEventEnd',
};

// Level 2 entries name the type; Boomerang sends the old numeric `performance.navigation.type`.
const NAV_TYPES: Record<string, number> = { navigate: 0, reload: 1, back_forward: 2 };

/** The navigation-timing part of a performance report, keyed by Boomerang's beacon names. */
export type NavigationTimingFields = Omit<PerfReportForm, 'id' | 'url' | 'vertical' | 'pageId' | 'subPageId' | 'pageTag' | `wv_${string}`>;

/**
 * Where this navigation really started, in ms from the document's time origin: 0, or earlier
 * when the entry's own times are negative. WebKit moves a page that sends
 * Cross-Origin-Opener-Policy into a new process, whose time origin comes after the fetch, so
 * the fetch, request and response times of its navigation entry fall before it.
 */
export function navigationStart(entry: PerformanceNavigationTiming): number {
  return Math.min(0, entry.fetchStart, entry.redirectStart || 0);
}

/**
 * TTFB where web-vitals drops it: when the navigation entry's responseStart is negative, which is
 * every WebKit page that sends Cross-Origin-Opener-Policy (a new process, whose time origin comes
 * after the response began). Measured from the entry's own start;
 * undefined wherever web-vitals measures TTFB itself.
 */
export function ttfbBeforeTimeOrigin(): { value: number; entry: PerformanceNavigationTiming } | undefined {
  const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  if (entry && entry.responseStart < 0) return { value: Math.max(0, entry.responseStart - navigationStart(entry)), entry };
}

/**
 * The navigation timing of this document with Boomerang's names and meaning: times are epoch
 * milliseconds (0 where the phase did not happen, e.g. no redirect or no TLS), `nt_red_cnt` the
 * redirect count, `nt_nav_type` 0 navigate / 1 reload / 2 back-forward, plus the protocol and
 * the transfer, encoded and decoded sizes. Read from the Level 2 `navigation` entry, since
 * `performance.timing` is deprecated; empty where neither exists (Node, very old browsers).
 * `nt_nav_st` is the navigation's real start (`navigationStart`), so phases WebKit times before
 * the time origin are kept, not taken for "did not happen".
 */
export function navigationTimingFields(): NavigationTimingFields {
  try {
    const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    if (!entry) return {};
    const origin = performance.timeOrigin;
    const fields: NavigationTimingFields = {
      nt_nav_st: Math.round(origin + navigationStart(entry)),
      nt_red_cnt: entry.redirectCount,
      nt_nav_type: NAV_TYPES[entry.type] ?? 255,
    };
    for (const [field, name] of Object.entries(TIMES) as [NavigationTimeField, keyof PerformanceNavigationTiming][]) {
      const at = entry[name] as number;
      // 0 says "did not happen", except for the fetch and the lookup and connection times, which
      // always happen (on a reused connection they equal fetchStart): Firefox starts the fetch at
      // the time origin itself, so all of them can be 0 there.
      fields[field] = at || ALWAYS_HAPPEN.includes(field) ? Math.round(origin + at) : 0;
    }
    fields.nt_protocol = entry.nextHopProtocol;
    fields.nt_trn_size = entry.transferSize;
    fields.nt_enc_size = entry.encodedBodySize;
    fields.nt_dec_size = entry.decodedBodySize;
    return fields;
  } catch {
    return {};
  }
}
