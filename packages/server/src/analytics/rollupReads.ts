import type { AnalyticsBucket, AnalyticsFilter } from './contract.js';
import { tupleText, type HitTuple, type TupleCount } from './rollupTuple.js';

/** A tuple's count as either engine returns it (SQLite's flag is 0/1, PostgreSQL's a boolean; n may be a string). */
export type TupleRow = Omit<HitTuple, 'nonInteraction'> & { nonInteraction: boolean | number; n: number | string };

/** Counts of one chart bucket by index from the first, from rollup rows or raw edges. */
export interface TimelineRow {
  i: number | string;
  pageViews: number | string | null;
  events: number | string | null;
  nonInteraction: number | string | null;
}

/** The rows of a read (rollup pieces and raw edges) summed per tuple. */
export function tupleCounts(rows: readonly TupleRow[]): TupleCount[] {
  const counts = new Map<string, TupleCount>();
  for (const row of rows) {
    const tuple: HitTuple = {
      type: row.type,
      nonInteraction: row.type === 'event' && Boolean(row.nonInteraction),
      path: row.path,
      category: row.category,
      vertical: row.vertical,
      locale: row.locale,
      affiliate: row.affiliate,
    };
    const key = tupleText(tuple);
    const found = counts.get(key);
    if (found) found.n += Number(row.n);
    else counts.set(key, { tuple, n: Number(row.n) });
  }
  return [...counts.values()];
}

/**
 * Every bucket of `bucketMs` from the one holding `filter.from` to `filter.to`, empty ones
 * included, each the sum of its rows. A row of a coarser level than the bucket (once the finer
 * rows are past retention) counts in the bucket holding its start, within the chart's range.
 */
export function mergeTimeline(rows: readonly TimelineRow[], filter: AnalyticsFilter, bucketMs: number): AnalyticsBucket[] {
  const first = Math.floor(filter.from / bucketMs) * bucketMs;
  const size = Math.max(1, Math.ceil((filter.to - first) / bucketMs));
  const buckets = Array.from({ length: size }, (_, i) => ({ start: first + i * bucketMs, pageViews: 0, events: 0, nonInteraction: 0 }));
  for (const row of rows) {
    const bucket = buckets[Math.min(size - 1, Math.max(0, Number(row.i)))]!;
    bucket.pageViews += Number(row.pageViews ?? 0);
    bucket.events += Number(row.events ?? 0);
    bucket.nonInteraction += Number(row.nonInteraction ?? 0);
  }
  return buckets;
}
