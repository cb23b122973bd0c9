/**
 * Performance reporting with attribution: `startPerformanceReporting` of `@tarmac/platform/perf`
 * (same options, same reports) whose reports also say what to fix (docs/perf.md), and whose
 * single-page-app route changes are views of their own. A separate entry so pages that do not
 * want attribution do not pay for it (budget 7 KB gzip against perf's 5 KB).
 */
export { startPerformanceReporting } from './startAttributedReporting.js';
export type { AttributedPerfReporting, PerfPage } from './startAttributedReporting.js';
export type { PerfAttributionForm } from './attributionForm.js';
export type { PerfReportingOptions } from '../startPerformanceReporting.js';
