import type { Metric, ReportOpts } from 'web-vitals';
import { rate } from './thresholds.js';
import type { MetricCallback, MetricOptions, PerfMetric } from './types.js';

type WebVitalsFunction = (callback: (metric: Metric) => void, options?: ReportOpts) => void;

/**
 * Wraps one web-vitals `onX` so callers get our metric shape, rated by the spec's table, and
 * so a throwing callback or an unsupported browser never reaches the host page.
 */
export function fromWebVitals(onMetric: WebVitalsFunction): (callback: MetricCallback, options?: MetricOptions) => void {
  return (callback, options) => {
    try {
      onMetric(({ name, value, delta, id, navigationType }) => {
        const metric: PerfMetric = { name, value, delta, id, navigationType, rating: rate(name, value) };
        try {
          callback(metric);
        } catch {
          // the caller's bug must not stop web-vitals' observers
        }
      }, options);
    } catch {
      // no PerformanceObserver (old browser, Node): the metric is simply never reported
    }
  };
}
