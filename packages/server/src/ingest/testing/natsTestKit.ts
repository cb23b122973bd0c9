import { randomBytes } from 'node:crypto';
import type { JetStreamClient, JetStreamManager } from '@nats-io/jetstream';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { connect } from '@nats-io/transport-node';
import type { IngestStreamOptions } from '../stream.js';
import { ensureIngestStream } from '../stream.js';

/** The NATS server (with JetStream) the tests use. */
export const TEST_NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';

/** A connection to the test server, or an error that says how to provide one. */
export async function connectTestNats(): Promise<NatsConnection> {
  try {
    return await connect({ servers: TEST_NATS_URL, name: 'tarmac-test', timeout: 3_000 });
  } catch (error) {
    throw new Error(
      `These tests need NATS with JetStream at ${TEST_NATS_URL} (${(error as Error).message}). ` +
        'Start one (`nats-server -js`) or point TEST_NATS_URL at one.',
      { cause: error },
    );
  }
}

/** A stream name no other test run uses. */
export const uniqueStreamName = (): string => `TARMAC_TEST_${randomBytes(6).toString('hex').toUpperCase()}`;

/** A connection, its JetStream handles and a fresh stream, removed again by `cleanup`. */
export interface TestStream {
  nc: NatsConnection;
  js: JetStreamClient;
  jsm: JetStreamManager;
  stream: string;
  /** Another connection to the same server (a second instance or worker); closed by cleanup. */
  connectAnother(): Promise<{ nc: NatsConnection; js: JetStreamClient; jsm: JetStreamManager }>;
  /** Messages the stream still holds (work queue: not yet acknowledged). */
  messagesLeft(): Promise<number>;
  cleanup(): Promise<void>;
}

export async function createTestStream(options: Partial<IngestStreamOptions> = {}): Promise<TestStream> {
  const others: NatsConnection[] = [];
  const open = async () => {
    const nc = await connectTestNats();
    return { nc, js: jetstream(nc), jsm: await jetstreamManager(nc) };
  };
  const main = await open();
  const stream = options.name ?? uniqueStreamName();
  await ensureIngestStream(main.jsm, { ...options, name: stream });
  return {
    ...main,
    stream,
    async connectAnother() {
      const another = await open();
      others.push(another.nc);
      return another;
    },
    async messagesLeft() {
      return (await main.jsm.streams.info(stream)).state.messages;
    },
    async cleanup() {
      await main.jsm.streams.delete(stream).catch(() => false);
      await Promise.all([main.nc, ...others].map((nc) => (nc.isClosed() ? undefined : nc.close())));
    },
  };
}
