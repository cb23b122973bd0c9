import type { MetricName, MetricRating } from './types.js';

/**
 * good / poor limits of the specification. They equal web-vitals' own today, but the spec is
 * what the dashboards promise, so ratings are always recomputed from this table.
 */
export const THRESHOLDS: Record<MetricName, readonly [good: number, poor: number]> = {
  LCP: [2500, 4000],
  FCP: [1800, 3000],
  CLS: [0.1, 0.25],
  FID: [100, 300],
  INP: [200, 500],
  TTFB: [800, 1800],
};

/** The rating of `value`; a value equal to a limit still counts as the better side, as in web-vitals. */
export function rate(name: MetricName, value: number): MetricRating {
  const [good, poor] = THRESHOLDS[name];
  return value > poor ? 'poor' : value > good ? 'needs-improvement' : 'good';
}
