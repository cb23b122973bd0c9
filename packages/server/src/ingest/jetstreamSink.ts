import type { JetStreamClient, JetStreamManager } from '@nats-io/jetstream';
import type { FastifyBaseLogger } from 'fastify';
import { errorCodes } from '../http/errorCodes.js';
import { httpError } from '../http/httpError.js';
import type { IngestItem } from './contract.js';
import type { Store } from '../storage/ports.js';
import type { IngestSink } from './ingestSink.js';
import { itemKey } from './itemKey.js';
import { ingestSubject } from './stream.js';

/** Where and how long the sink publishes. */
export interface JetStreamSinkOptions {
  js: JetStreamClient;
  jsm: JetStreamManager;
  /** The stream's name (stream.ts); subjects follow from it. */
  stream: string;
  /** Signals and consent are written here directly. */
  store: Pick<Store, 'ingest'>;
  /** How long a route waits for JetStream's PubAck before it answers 503; default 3 s. */
  publishTimeoutMs?: number;
  /** The `Retry-After` of that 503, in seconds; default 2. */
  retryAfterSeconds?: number;
  /** Where a failed publish is reported (its cause; never the item). */
  logger?: Pick<FastifyBaseLogger, 'warn'>;
  /** Called when the sink closes: lets go of the connection when the sink owns it. */
  onClose?: () => Promise<void>;
}

/**
 * The scale-out path: logs, perf and analytics are published to the stream with their idempotency
 * key as `Nats-Msg-Id`, and a call resolves only once JetStream's PubAck says the stream has the
 * item (on disk: the stream is file-backed). Writers (writer.ts) store it later. When JetStream
 * cannot be reached or does not confirm in time, the call fails with 503
 * TARMAC_INGEST_UNAVAILABLE and `Retry-After`: the page's transport keeps the batch and sends it
 * again, with the same ids, so a publish that did land after all is dropped as a copy.
 */
export function createJetStreamSink(options: JetStreamSinkOptions): IngestSink {
  const timeout = options.publishTimeoutMs ?? 3_000;
  const retryAfter = options.retryAfterSeconds ?? 2;
  const encoder = new TextEncoder();
  const direct = options.store.ingest;

  async function publish(item: IngestItem): Promise<void> {
    const key = itemKey(item);
    try {
      await options.js.publish(ingestSubject(options.stream, item.kind), encoder.encode(JSON.stringify(item)), {
        timeout,
        ...(key === null ? {} : { msgID: key }),
      });
      // A PubAck marked duplicate is a success too: the stream already holds this item.
    } catch (error) {
      options.logger?.warn({ kind: item.kind, cause: (error as Error).message }, 'JetStream did not take an ingest item; answering 503');
      throw httpError(errorCodes.INGEST_UNAVAILABLE, 'Ingest is unavailable for a moment; send it again later', retryAfter);
    }
  }

  return {
    kind: 'jetstream',
    logs: { insertClientLogs: (batch) => publish({ kind: 'logs', batch }) },
    perf: { insertPerfReport: (report) => publish({ kind: 'perf', report }) },
    analytics: { insertAnalyticsHits: (hits, dropped) => publish({ kind: 'analytics', hits, ...(dropped ? { dropped } : {}) }) },
    // Not queued, on purpose. A signal's nonce must be refused as a replay in this very reply
    // (the store's unique nonce is every instance's replay guard), which a queue cannot answer;
    // and a visitor's consent must be readable on their next page, whichever instance serves it,
    // not once a writer gets to it.
    signals: direct.signals,
    consent: direct.consent,
    async writeBatch(items) {
      await Promise.all(items.map(publish));
    },
    async ping() {
      // Answers only when the server is reachable, JetStream is on and the stream exists.
      await options.jsm.streams.info(options.stream);
    },
    close: async () => {
      await options.onClose?.();
    },
  };
}
