import type { ConsumerMessages, JetStreamClient, JetStreamManager, JsMsg } from '@nats-io/jetstream';
import { ClosedConnectionError } from '@nats-io/transport-node';
import type { FastifyBaseLogger } from 'fastify';
import type { IngestItem } from './contract.js';
import type { Store } from '../storage/ports.js';
import { createBatcher } from './batcher.js';
import { ensureWriterConsumer } from './consumer.js';
import { decodeItem } from './decodeItem.js';

/** One writer: where it pulls from, what it writes to, how it batches. */
export interface IngestWriterOptions {
  js: JetStreamClient;
  jsm: JetStreamManager;
  stream: string;
  /** The durable consumer all writers share; each message goes to one of them at a time. */
  durable: string;
  /** `ping` tells an outage (wait, all of it comes back) from an item the store refuses. */
  store: Pick<Store, 'ingest' | 'ping'>;
  /** Most items per transaction; default 200. */
  batchSize?: number;
  /** Longest an item waits for its batch to fill while the writer is idle; default 50 ms. */
  maxWaitMs?: number;
  /** Unacknowledged this long, a message goes to another writer; default 30 s. */
  ackWaitMs?: number;
  /** First redelivery delay after a failed write, doubled per delivery up to a minute; default 1 s. */
  retryDelayMs?: number;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

export interface IngestWriter {
  /** Stops pulling, writes and acknowledges what it holds, then resolves. */
  stop(): Promise<void>;
}

const MAX_RETRY_DELAY_MS = 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Pulls queued items and stores each batch in one transaction (`writeBatch`), acknowledging the
 * messages only after the commit. A crash between the two, a redelivery, or two writers given one
 * batch therefore store an item twice at most in attempt, never in effect: every item is
 * idempotent by its client ids in the store. A failed write is nak'ed with a delay so the batch
 * comes back; a message that is not an item is terminated and reported once.
 */
export async function startIngestWriter(options: IngestWriterOptions): Promise<IngestWriter> {
  const batchSize = options.batchSize ?? 200;
  const maxWaitMs = options.maxWaitMs ?? 50;
  const retryDelayMs = options.retryDelayMs ?? 1_000;
  const { logger, store } = options;
  const consumerOptions = { stream: options.stream, durable: options.durable, ackWaitMs: options.ackWaitMs ?? 30_000 };
  await ensureWriterConsumer(options.jsm, consumerOptions);

  const retryDelay = (msg: JsMsg) => Math.min(retryDelayMs * 2 ** (msg.info.deliveryCount - 1), MAX_RETRY_DELAY_MS);

  async function acknowledge(messages: JsMsg[]): Promise<void> {
    // Unconfirmed: waiting for each ack's reply would hold the next batch back for a round trip
    // per message under load, and a lost ack only means a redelivery, which the store absorbs.
    // The connection's drain on shutdown flushes the acks still buffered.
    for (const msg of messages) msg.ack();
  }

  async function writeOneByOne(entries: Array<{ msg: JsMsg; item: IngestItem }>): Promise<void> {
    for (const { msg, item } of entries) {
      try {
        await store.ingest.writeBatch([item]);
        await acknowledge([msg]);
      } catch (error) {
        logger.error({ kind: item.kind, delivery: msg.info.deliveryCount, cause: (error as Error).message }, 'The store refused a queued ingest item; it will come back');
        msg.nak(retryDelay(msg));
      }
    }
  }

  async function write(messages: JsMsg[]): Promise<void> {
    const entries: Array<{ msg: JsMsg; item: IngestItem }> = [];
    for (const msg of messages) {
      const item = decodeItem(msg.data);
      if (item) entries.push({ msg, item });
      else {
        // Terminated, so it is reported this once and never blocks the stream. (No reason text:
        // servers before 2.10 would not read `+TERM <reason>` as a termination.)
        logger.error({ subject: msg.subject, streamSequence: msg.seq }, 'A queued message is not an ingest item; dropped');
        msg.term();
      }
    }
    if (entries.length === 0) return;
    try {
      await store.ingest.writeBatch(entries.map((entry) => entry.item));
      await acknowledge(entries.map((entry) => entry.msg));
      return;
    } catch (error) {
      const reachable = await store.ping().then(() => true, () => false);
      if (reachable && entries.length > 1) {
        // The store is up yet refused the batch: one item is at fault. Alone, the others go in.
        return writeOneByOne(entries);
      }
      logger.error({ items: entries.length, cause: (error as Error).message }, 'Writing queued ingest items failed; they will come back');
      for (const { msg } of entries) msg.nak(retryDelay(msg));
    }
  }

  let stopping = false;
  const batcher = createBatcher<JsMsg>({ batchSize, maxWaitMs, write });

  let messages: ConsumerMessages | undefined;
  const pulling = (async () => {
    while (!stopping) {
      try {
        const consumer = await options.js.consumers.get(options.stream, options.durable);
        messages = await consumer.consume({ max_messages: batchSize * 2 });
        if (stopping) messages.close();
        for await (const msg of messages) await batcher.push(msg);
        // Ended without being stopped (the consumer went away): start again, not in a spin.
        if (!stopping) await sleep(100);
      } catch (error) {
        if (stopping) break;
        if (error instanceof ClosedConnectionError) {
          // Its owner closed the connection: nothing can be pulled or acknowledged any more.
          logger.warn('The NATS connection is closed; this ingest writer stops');
          break;
        }
        logger.warn({ cause: (error as Error).message }, 'Pulling queued ingest items failed; trying again');
        await sleep(1_000);
        await ensureWriterConsumer(options.jsm, consumerOptions).catch(() => undefined);
      }
    }
  })();

  return {
    async stop() {
      stopping = true;
      void messages?.close();
      await pulling;
      await batcher.close();
    },
  };
}
