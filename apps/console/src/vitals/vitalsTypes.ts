// The vitals console API's replies (docs/perf.md, "Console API"), owned by the server and imported
// type-only so the console bundle never pulls server code.
export type {
  AttributedMetric,
  AttributionSummary,
  BrowserFamily,
  Offender,
  DistributionBin,
  MetricName,
  MetricSummary,
  PageVitals,
  Phase,
  Rating,
  VitalsBucket,
  VitalsSummary,
} from '@tarmac/server/contracts';

/** The page filter: all three parts of a page, or none. */
export interface PageFilter {
  vertical?: string | null;
  pageId?: string | null;
  subPageId?: string | null;
}
