import type { StoredAnalyticsHit } from '../analytics/contract.js';
import type { StoredDropReport } from '../drops/contract.js';
import type { ClientLogInsert } from '../logs/ports.js';
import type { PerfReport } from '../perf/contract.js';

/**
 * One queued ingest request, as a route accepted it: what travels through JetStream (encoded by
 * `jetstreamSink.ts`, read back by `decodeItem.ts`) and what a store's `writeBatch` takes.
 */
export type IngestItem =
  | { kind: 'logs'; batch: ClientLogInsert }
  | { kind: 'perf'; report: PerfReport }
  | { kind: 'analytics'; hits: StoredAnalyticsHit[]; dropped?: StoredDropReport };
