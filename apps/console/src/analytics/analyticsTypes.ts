/** The console's view of the analytics API replies (docs/analytics.md, "Console API"). */
export interface AnalyticsCount {
  key: string | null;
  pageViews: number;
  events: number;
  nonInteraction: number;
}

export interface AnalyticsSummary {
  from: number;
  to: number;
  totals: { pageViews: number; events: number; nonInteraction: number };
  byVertical: AnalyticsCount[];
  byLocale: AnalyticsCount[];
  byAffiliate: AnalyticsCount[];
}

export interface AnalyticsBucket {
  start: number;
  pageViews: number;
  events: number;
  nonInteraction: number;
}

/** Exact-match filters the view offers. */
export interface AnalyticsFilters {
  vertical?: string;
  locale?: string;
  affiliate?: string;
}
