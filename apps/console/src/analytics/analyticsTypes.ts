// The analytics console API's replies (docs/analytics.md, "Console API"), owned by the server and
// imported type-only so the console bundle never pulls server code.
export type { AnalyticsBucket, AnalyticsCount, AnalyticsSummary } from '@tarmac/server/contracts';

/** Exact-match filters the view offers. */
export interface AnalyticsFilters {
  vertical?: string;
  locale?: string;
  affiliate?: string;
}
