import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import type { FastifyBaseLogger } from 'fastify';
import type { Store } from '../storage/ports.js';
import type { IngestSink } from './ingestSink.js';
import { createJetStreamSink } from './jetstreamSink.js';
import { ensureIngestStream } from './stream.js';
import type { IngestWriter } from './writer.js';
import { startIngestWriter } from './writer.js';

/** A server's or worker's JetStream side. */
export interface JetStreamIngestOptions {
  /** NATS_URL: one URL or several, comma-separated. */
  url: string;
  stream: string;
  store: Store;
  /** Writers to run in this process (0: only publish, separate workers write). */
  writers: number;
  /** The durable consumer the writers share; one per stream. */
  durable?: string;
  /** Shows in the NATS server's connection list. */
  connectionName: string;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

export interface JetStreamIngest {
  /** The ingest path of the routes; closing it stops the writers and drains the connection. */
  sink: IngestSink;
}

/** The writers' consumer, when nobody names another. */
export const DEFAULT_DURABLE = 'tarmac-writers';

/**
 * Connects to NATS (reconnecting for as long as it takes: a NATS restart only makes ingest answer
 * 503 meanwhile), makes sure the stream exists, and starts `writers` writers on its shared
 * durable consumer. Throws when NATS or JetStream cannot be reached at start, so a misconfigured
 * instance never reports itself ready.
 */
export async function openJetStreamIngest(options: JetStreamIngestOptions): Promise<JetStreamIngest> {
  const nc = await connect({
    servers: options.url.split(',').map((url) => url.trim()),
    name: options.connectionName,
    // A start against an unreachable NATS fails within seconds, with the reason, not after 20.
    timeout: 5_000,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
  });
  const writers: IngestWriter[] = [];
  try {
    const js = jetstream(nc);
    const jsm = await jetstreamManager(nc);
    await ensureIngestStream(jsm, { name: options.stream });
    for (let i = 0; i < options.writers; i++) {
      writers.push(
        await startIngestWriter({ js, jsm, stream: options.stream, durable: options.durable ?? DEFAULT_DURABLE, store: options.store, logger: options.logger }),
      );
    }
    const sink = createJetStreamSink({
      js,
      jsm,
      stream: options.stream,
      store: options.store,
      logger: options.logger,
      async onClose() {
        // Writers first: what they hold is written and acknowledged before the connection goes.
        await Promise.all(writers.map((writer) => writer.stop()));
        await nc.drain();
      },
    });
    return { sink };
  } catch (error) {
    await Promise.all(writers.map((writer) => writer.stop()));
    await nc.close();
    throw error;
  }
}
