import type { StoredDropReport } from '../drops/contract.js';
import type { AnalyticsBucket, AnalyticsCount, AnalyticsFilter, Dimension, StoredAnalyticsHit } from './contract.js';

/** What a writer calls: a body's hits, idempotent by their client ids. */
export interface AnalyticsIngest {
  /** Stores every hit and the drop report or none (one transaction); a re-sent report id counts once. */
  insertAnalyticsHits(hits: StoredAnalyticsHit[], dropped?: StoredDropReport): Promise<void>;
}

/** What the console reads of analytics. */
export interface AnalyticsQuery {
  /** Page views and events per value of `by`, the most frequent first. */
  countAnalytics(filter: AnalyticsFilter, by: Dimension, limit: number): Promise<AnalyticsCount[]>;
  /** Counts per time bucket of `bucketMs` from `filter.from`, empty buckets included. */
  analyticsTimeline(filter: AnalyticsFilter, bucketMs: number): Promise<AnalyticsBucket[]>;
}
