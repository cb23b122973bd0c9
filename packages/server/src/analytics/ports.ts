import type { StoredDropReport } from '../drops/contract.js';
import type { AnalyticsBucket, AnalyticsCount, AnalyticsFilter, Dimension, StoredAnalyticsHit } from './contract.js';
import type { Breakdown } from './rollupTuple.js';

/** What a writer calls: a body's hits, idempotent by their client ids. */
export interface AnalyticsIngest {
  /** Stores every hit and the drop report or none (one transaction); a re-sent report id counts once. */
  insertAnalyticsHits(hits: StoredAnalyticsHit[], dropped?: StoredDropReport): Promise<void>;
}

/**
 * What the console reads of analytics: from the rollups (whole minutes) and the raw hits of the
 * partial minutes at a window's edges, so the counts are exactly the raw rows'.
 */
export interface AnalyticsQuery {
  /** Page views and events per value of `by`, the most frequent first. */
  countAnalytics(filter: AnalyticsFilter, by: Dimension, limit: number): Promise<AnalyticsCount[]>;
  /** Several breakdowns of the same hits (the summary's) from one read of the window, in order. */
  breakdownAnalytics(filter: AnalyticsFilter, breakdowns: readonly Breakdown[]): Promise<AnalyticsCount[][]>;
  /** Counts per time bucket of `bucketMs` from `filter.from`, empty buckets included. */
  analyticsTimeline(filter: AnalyticsFilter, bucketMs: number): Promise<AnalyticsBucket[]>;
}
