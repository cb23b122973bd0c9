import type { IngestPorts } from '../storage/ports.js';

/** Which way an accepted ingest item goes: straight into the store, or through JetStream. */
export type IngestPath = 'direct' | 'jetstream';

/**
 * What the ingest routes write to. It has the store's ingest ports, so a route cannot tell the
 * two paths apart: `direct` writes, then resolves; `jetstream` resolves once the stream has the
 * item (writers store it later). Either way a resolved call means the item will be kept.
 */
export interface IngestSink extends IngestPorts {
  readonly kind: IngestPath;
  /** Resolves when the path can take items now; rejects when it cannot (health checks). */
  ping(): Promise<void>;
  /** Lets go of what the sink opened itself (never the store, which its owner closes). */
  close(): Promise<void>;
}
