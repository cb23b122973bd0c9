import { createTransport } from '../transport/createTransport.js';
import type { AnalyticsHit, AnalyticsSink } from './types.js';

/** Options of {@link collectorSink}. */
export interface CollectorSinkOptions {
  /** Defaults to the project's collector, `/a/api/analytics/events`. */
  endpoint?: string;
  flushIntervalMs?: number;
}

/**
 * The project's own collector: hits are batched by the shared transport as
 * `{"events": [...]}` JSON and, when the page is hidden or left, sent by beacon as
 * `text/plain` (a beacon cannot set a JSON type without a CORS preflight).
 */
export function collectorSink({ endpoint = '/a/api/analytics/events', flushIntervalMs }: CollectorSinkOptions = {}): AnalyticsSink {
  const transport = createTransport<AnalyticsHit>({
    endpoint,
    flushIntervalMs,
    beaconContentType: 'text/plain',
    encode: (events) => JSON.stringify({ events }),
  });
  return (hit) => void transport.enqueue(hit);
}
