import type { Store } from '../storage/ports.js';
import type { IngestSink } from './ingestSink.js';

/**
 * The single-node path: the store's own ingest ports, so a route replies once the write is
 * committed. Its health is the store's, which /healthz checks on its own.
 */
export function createDirectSink(store: Pick<Store, 'ingest'>): IngestSink {
  const ports = store.ingest;
  return {
    kind: 'direct',
    logs: ports.logs,
    perf: ports.perf,
    analytics: ports.analytics,
    signals: ports.signals,
    consent: ports.consent,
    writeBatch: (items) => ports.writeBatch(items),
    ping: async () => {},
    close: async () => {},
  };
}
