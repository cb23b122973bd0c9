/**
 * The attribution fields of the perf form (docs/perf.md, "Attribution"): what
 * `@tarmac/platform/perf/attribution` adds to a report to say why a metric is what it is.
 */

/** Text fields and the longest value each may have: selectors 200, URLs 500, other text 100. */
export const ATTRIBUTION_TEXT = {
  wa_lcp_target: 200,
  wa_lcp_url: 500,
  wa_inp_target: 200,
  wa_inp_scriptUrl: 500,
  wa_inp_scriptFunction: 100,
  wa_inp_scriptInvoker: 100,
  wa_cls_target: 200,
} as const;

/** The text fields holding URLs: their query string and fragment are dropped. */
export const URL_FIELDS: ReadonlySet<string> = new Set(['wa_lcp_url', 'wa_inp_scriptUrl']);

/** Millisecond fields (0..600000). */
export const ATTRIBUTION_MS = [
  'wa_lcp_timeToFirstByte', 'wa_lcp_resourceLoadDelay', 'wa_lcp_resourceLoadDuration', 'wa_lcp_elementRenderDelay',
  'wa_inp_time', 'wa_inp_inputDelay', 'wa_inp_processingDuration', 'wa_inp_presentationDelay', 'wa_inp_scriptDuration',
  'wa_inp_totalScript', 'wa_inp_totalLayout', 'wa_inp_totalPaint',
  'wa_cls_time',
  'wa_fcp_timeToFirstByte', 'wa_fcp_firstByteToFCP',
  'wa_ttfb_waitingDuration', 'wa_ttfb_cacheDuration', 'wa_ttfb_dnsDuration', 'wa_ttfb_connectionDuration', 'wa_ttfb_requestDuration',
] as const;

/** Every attribution field (`nav` apart). */
export type AttributionField = keyof typeof ATTRIBUTION_TEXT | (typeof ATTRIBUTION_MS)[number] | 'wa_inp_type' | 'wa_cls_value';

/** A report's attribution: only the fields it carried. */
export type Attribution = Partial<Record<AttributionField, string | number>>;

/** How a report came: the page load, or a route change of a single-page app. */
export type Navigation = 'hard' | 'soft';

/** The metrics the "What to fix" view explains. */
export const ATTRIBUTED_METRICS = ['LCP', 'INP', 'CLS'] as const;
export type AttributedMetric = (typeof ATTRIBUTED_METRICS)[number];

/** Each metric's subparts, as web-vitals names them; they add up to the metric. */
export const SUBPARTS: Readonly<Record<AttributedMetric, readonly string[]>> = {
  LCP: ['timeToFirstByte', 'resourceLoadDelay', 'resourceLoadDuration', 'elementRenderDelay'],
  INP: ['inputDelay', 'processingDuration', 'presentationDelay'],
  CLS: [],
};

/** What an offender is: an element (a selector), a script (its URL) or a resource URL. */
export type OffenderKind = 'element' | 'script' | 'url';

/** Which fields of a report name each metric's offenders, and as what. */
export const OFFENDER_FIELDS: Readonly<Record<AttributedMetric, ReadonlyArray<readonly [OffenderKind, AttributionField]>>> = {
  LCP: [['element', 'wa_lcp_target'], ['url', 'wa_lcp_url']],
  INP: [['element', 'wa_inp_target'], ['script', 'wa_inp_scriptUrl']],
  CLS: [['element', 'wa_cls_target']],
};
