import { createTransport } from '../transport/createTransport.js';
import type { AnalyticsBatch, AnalyticsHit, AnalyticsSink } from './types.js';

/** Options of {@link collectorSink}. */
export interface CollectorSinkOptions {
  /** Defaults to the project's collector, `/a/api/analytics/events`. */
  endpoint?: string;
  flushIntervalMs?: number;
}

/**
 * The project's own collector: hits are batched by the shared transport as
 * `{"events": [...], "dropped"?: {...}}` JSON (the counts of hits given up ride along) and,
 * when the page is hidden or left, sent by beacon.
 */
export function collectorSink({ endpoint = '/a/api/analytics/events', flushIntervalMs }: CollectorSinkOptions = {}): AnalyticsSink {
  const transport = createTransport<AnalyticsHit>({
    endpoint,
    flushIntervalMs,
    encode: (events, dropped) => JSON.stringify({ events, dropped } satisfies AnalyticsBatch),
  });
  // The transport's drop, flush and stop become the sink's own.
  return Object.assign((hit: AnalyticsHit) => void transport.enqueue(hit), transport);
}
