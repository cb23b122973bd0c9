import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { waitFor } from './waitFor.js';

/** What the writers still have to do, summed over every stream and consumer of the server. */
export interface Backlog {
  streams: number;
  consumers: number;
  /** Messages in streams that have no consumer yet (nobody will write them). */
  unconsumed: number;
  pending: number;
  ackPending: number;
  redelivered: number;
  messages: number;
}

/** Reads the backlog of the NATS server at `url`. */
export async function readBacklog(url: string): Promise<Backlog> {
  const nc = await connect({ servers: url, timeout: 5000, reconnect: false });
  try {
    const jsm = await jetstreamManager(nc, { timeout: 5000 });
    const backlog: Backlog = { streams: 0, consumers: 0, unconsumed: 0, pending: 0, ackPending: 0, redelivered: 0, messages: 0 };
    for await (const stream of jsm.streams.list()) {
      backlog.streams += 1;
      backlog.messages += stream.state.messages;
      let consumers = 0;
      for await (const consumer of jsm.consumers.list(stream.config.name)) {
        consumers += 1;
        backlog.pending += consumer.num_pending;
        backlog.ackPending += consumer.num_ack_pending;
        backlog.redelivered += consumer.num_redelivered;
      }
      backlog.consumers += consumers;
      if (consumers === 0) backlog.unconsumed += stream.state.messages;
    }
    return backlog;
  } finally {
    await nc.close().catch(() => {});
  }
}

/**
 * Waits until the writers have drained: at least one stream with a consumer, and nothing
 * pending, awaiting an ack or unconsumed, on two reads in a row (a writer between fetches can
 * look idle for a moment). Resolves with the last backlog read.
 */
export async function waitForDrained(url: string, timeoutMs: number): Promise<Backlog> {
  let quietReads = 0;
  let last: Backlog | undefined;
  return waitFor(
    async () => {
      last = await readBacklog(url).catch(() => undefined);
      const idle = !!last && last.consumers > 0 && last.pending === 0 && last.ackPending === 0 && last.unconsumed === 0;
      quietReads = idle ? quietReads + 1 : 0;
      return quietReads >= 2 ? last : undefined;
    },
    { timeoutMs, intervalMs: 500, what: () => `the JetStream writers to drain (last read: ${JSON.stringify(last)})` },
  );
}
