import type { ConsumerConfig, JetStreamManager } from '@nats-io/jetstream';
import { AckPolicy, JetStreamApiCodes } from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import { isApiError } from './stream.js';

/** The writers' shared consumer: its name and how long a writer may hold a message unacknowledged. */
export interface WriterConsumerOptions {
  stream: string;
  durable: string;
  /** After this, an unacknowledged message goes to another writer (this one is presumed dead). */
  ackWaitMs: number;
}

/**
 * Creates (or brings up to date) the durable pull consumer every writer pulls from. Durable, so
 * its position survives every writer stopping; explicit acks, sent only after the store
 * committed; no delivery limit, so an item the store cannot take yet waits instead of being
 * dropped after a few tries.
 */
export async function ensureWriterConsumer(jsm: JetStreamManager, options: WriterConsumerOptions): Promise<void> {
  const config: Partial<ConsumerConfig> = {
    durable_name: options.durable,
    ack_policy: AckPolicy.Explicit,
    ack_wait: nanos(options.ackWaitMs),
    max_deliver: -1,
  };
  try {
    const info = await jsm.consumers.info(options.stream, options.durable);
    if (info.config.ack_wait !== config.ack_wait) await jsm.consumers.update(options.stream, options.durable, { ack_wait: config.ack_wait });
    return;
  } catch (error) {
    if (!isApiError(error, JetStreamApiCodes.ConsumerNotFound)) throw error;
  }
  try {
    await jsm.consumers.add(options.stream, config);
  } catch (error) {
    // Another writer created it a moment ago.
    await jsm.consumers.info(options.stream, options.durable).catch(() => {
      throw error;
    });
  }
}
