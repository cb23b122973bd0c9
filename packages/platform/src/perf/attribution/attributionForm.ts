/**
 * The attribution fields a report of `@tarmac/platform/perf/attribution` adds to the
 * `POST {apiPrefix}/s/run/perf` form (docs/perf.md). Numbers are milliseconds unless said;
 * strings are scrubbed (e-mail addresses → `{email}`, URL query and fragment dropped) and bounded
 * (selectors 200 characters, URLs 500, other strings 100). Absent means not measured.
 */
export interface PerfAttributionForm {
  /** CSS selector of the LCP element. */
  wa_lcp_target?: string;
  /** The LCP resource's URL (absent for a text block). */
  wa_lcp_url?: string;
  wa_lcp_timeToFirstByte?: number;
  wa_lcp_resourceLoadDelay?: number;
  wa_lcp_resourceLoadDuration?: number;
  wa_lcp_elementRenderDelay?: number;
  /** Selector of the element the INP interaction targeted. */
  wa_inp_target?: string;
  wa_inp_type?: 'pointer' | 'keyboard';
  /** When the interaction started (ms since the time origin). */
  wa_inp_time?: number;
  wa_inp_inputDelay?: number;
  wa_inp_processingDuration?: number;
  wa_inp_presentationDelay?: number;
  /** The interaction's longest Long-Animation-Frame script (only where LoAF exists). */
  wa_inp_scriptUrl?: string;
  wa_inp_scriptFunction?: string;
  wa_inp_scriptInvoker?: string;
  wa_inp_scriptDuration?: number;
  /** Long-Animation-Frame totals over the interaction's frames. */
  wa_inp_totalScript?: number;
  wa_inp_totalLayout?: number;
  wa_inp_totalPaint?: number;
  /** Selector of the largest shift's largest source. */
  wa_cls_target?: string;
  /** When that shift happened (ms since the time origin). */
  wa_cls_time?: number;
  /** That shift's score (unitless). */
  wa_cls_value?: number;
  wa_fcp_timeToFirstByte?: number;
  wa_fcp_firstByteToFCP?: number;
  wa_ttfb_waitingDuration?: number;
  wa_ttfb_cacheDuration?: number;
  wa_ttfb_dnsDuration?: number;
  wa_ttfb_connectionDuration?: number;
  wa_ttfb_requestDuration?: number;
  /** `hard` (the page load) or `soft` (a route change; no `nt_*` fields then). */
  nav?: 'hard' | 'soft';
}

/** The attribution fields of one metric. */
export type AttributionFields = Partial<Record<keyof PerfAttributionForm, string | number>>;
