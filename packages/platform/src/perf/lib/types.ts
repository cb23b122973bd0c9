/** The metrics this module reports; FID is ours, the rest come from the web-vitals library. */
export type MetricName = 'LCP' | 'CLS' | 'INP' | 'FCP' | 'TTFB' | 'FID';

/** good / needs-improvement / poor, by the specification's thresholds. */
export type MetricRating = 'good' | 'needs-improvement' | 'poor';

/**
 * What every `onX` callback receives: the fields of a web-vitals metric that a report needs,
 * so FID (which web-vitals no longer has) looks exactly like the others to callers.
 */
export interface PerfMetric {
  name: MetricName;
  /** Milliseconds, except CLS (unitless layout-shift score). */
  value: number;
  rating: MetricRating;
  /** Change since the previous call for this metric (equal to `value` on the first call). */
  delta: number;
  /** Unique per metric instance, so a collector can de-duplicate repeated calls. */
  id: string;
  navigationType: string;
}

/** Options of the `onX` functions, as in web-vitals. */
export interface MetricOptions {
  /** Call back on every change rather than only when the value is final. */
  reportAllChanges?: boolean;
}

/** The callback of every `onX` function. */
export type MetricCallback = (metric: PerfMetric) => void;
