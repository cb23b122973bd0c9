/** The console's view of the vitals API replies (docs/perf.md, "Console API"). */
export type MetricName = 'LCP' | 'CLS' | 'INP' | 'FID' | 'FCP' | 'TTFB';
export type Rating = 'good' | 'needs-improvement' | 'poor';

export interface MetricSummary {
  name: MetricName;
  count: number;
  p75: number | null;
  rating: Rating | null;
  good: number;
  needsImprovement: number;
  poor: number;
}

export type Phase = 'redirect' | 'dns' | 'connect' | 'tls' | 'request' | 'response' | 'dom' | 'load';

export interface VitalsSummary {
  from: number;
  to: number;
  count: number;
  metrics: MetricSummary[];
  navigation: Record<Phase, { median: number | null; count: number }>;
}

export interface PageVitals {
  vertical: string | null;
  pageId: string | null;
  subPageId: string | null;
  count: number;
  metrics: MetricSummary[];
}

export interface VitalsBucket {
  start: number;
  count: number;
  metrics: MetricSummary[];
}

export interface DistributionBin {
  from: number;
  to: number;
  count: number;
  rating: Rating;
}

/** The page filter: all three parts of a page, or none. */
export interface PageFilter {
  vertical?: string | null;
  pageId?: string | null;
  subPageId?: string | null;
}
