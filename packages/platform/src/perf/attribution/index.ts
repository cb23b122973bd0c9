/**
 * Performance reporting with attribution: `startPerformanceReporting` of `@tarmac/platform/perf`
 * (same options, same reports) whose reports also say what to fix (docs/perf.md), and whose
 * single-page-app route changes are views of their own. A separate entry so pages that do not
 * want attribution do not pay for it (budget 7 KB gzip against perf's 5 KB). The attribution is
 * our own, on web-vitals' standard build, because web-vitals' attribution build is 7.2 KB gzip on
 * its own: past the budget before a report is sent. Its rules (INP phases over every event of the
 * interaction's frame, LCP subparts from the navigation and resource entries, the CLS source) are
 * web-vitals', so the values match its attribution build (proven in test/e2e/perfAttribution).
 */
export { startPerformanceReporting } from './startAttributedReporting.js';
export type { AttributedPerfReporting, PerfPage } from './startAttributedReporting.js';
export type { PerfAttributionForm } from './attributionForm.js';
export type { PerfReportingOptions } from '../startPerformanceReporting.js';
