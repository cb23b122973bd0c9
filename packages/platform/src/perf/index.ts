/**
 * Performance reporting: the web vitals (web-vitals' measurement, the specification's
 * ratings, plus FID) and Boomerang-style navigation timing, sent once per page view.
 */
export { onLCP } from './onLCP.js';
export { onCLS } from './onCLS.js';
export { onINP } from './onINP.js';
export { onFCP } from './onFCP.js';
export { onTTFB } from './onTTFB.js';
export { onFID } from './onFID.js';
export { navigationTimingFields } from './navigationTimingFields.js';
export type { NavigationTimingFields } from './navigationTimingFields.js';
export { startPerformanceReporting } from './startPerformanceReporting.js';
export type { PerfReporting, PerfReportingOptions } from './startPerformanceReporting.js';
export { THRESHOLDS, rate } from './lib/thresholds.js';
export type { MetricCallback, MetricName, MetricOptions, MetricRating, PerfMetric } from './lib/types.js';
export type { NavigationCountField, NavigationTimeField, PerfReportForm, VitalFormField } from './lib/reportForm.js';
