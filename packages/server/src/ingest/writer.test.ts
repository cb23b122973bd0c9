import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { perfReport } from '../perf/testing/reportFixture.js';
import { createSqliteStore } from '../storage/sqlite/createSqliteStore.js';
import type { IngestItem } from './contract.js';
import type { Store } from '../storage/ports.js';
import { createJetStreamSink } from './jetstreamSink.js';
import { ingestSubject } from './stream.js';
import type { TestStream } from './testing/natsTestKit.js';
import { createTestStream } from './testing/natsTestKit.js';
import type { IngestWriter, IngestWriterOptions } from './writer.js';
import { startIngestWriter } from './writer.js';

let nats: TestStream;
let store: Store;
let writers: IngestWriter[];
const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };

beforeEach(async () => {
  nats = await createTestStream();
  store = createSqliteStore({ file: ':memory:' });
  writers = [];
  vi.clearAllMocks();
});
afterEach(async () => {
  await Promise.all(writers.map((writer) => writer.stop()));
  await nats.cleanup();
  await store.close();
});

/** Store calls through `wrap` (to fail, stall or count), the real store underneath. */
const storeWith = (wrap: (items: readonly IngestItem[], write: () => Promise<void>) => Promise<void>): Store => {
  const real = store;
  return { ...real, ingest: { ...real.ingest, writeBatch: (items) => wrap(items, () => real.ingest.writeBatch(items)) } };
};

async function writer(options: Partial<IngestWriterOptions> = {}): Promise<IngestWriter> {
  const started = await startIngestWriter({
    js: nats.js,
    jsm: nats.jsm,
    stream: nats.stream,
    durable: 'writers',
    store,
    batchSize: 10,
    maxWaitMs: 20,
    ackWaitMs: 1_000,
    retryDelayMs: 100,
    logger,
    ...options,
  });
  writers.push(started);
  return started;
}

async function publishReports(count: number): Promise<string[]> {
  const sink = createJetStreamSink({ js: nats.js, jsm: nats.jsm, stream: nats.stream, store });
  const ids = Array.from({ length: count }, (_, i) => `report-${i}`);
  await Promise.all(ids.map((id, i) => sink.perf.insertPerfReport(perfReport({ wv_lcp: i }, { id, receivedAt: 1_000 + i }))));
  return ids;
}

const storedIds = async () =>
  (await store.query.perf.listPerfReports({ from: 0, to: Date.now(), limit: 10_000 })).map((report) => report.id).sort();

/** Waits until the writers' consumer has nothing left to deliver and nothing unacknowledged. */
async function drained(): Promise<void> {
  await vi.waitUntil(
    async () => {
      const info = await nats.jsm.consumers.info(nats.stream, 'writers');
      return info.num_pending === 0 && info.num_ack_pending === 0;
    },
    { timeout: 10_000, interval: 50 },
  );
}

describe('the ingest writer', () => {
  it('stores every queued item once and acknowledges after the commit', async () => {
    const ids = await publishReports(35);
    const batchSizes: number[] = [];
    await writer({
      store: storeWith(async (items, write) => {
        batchSizes.push(items.length);
        await write();
      }),
    });
    await drained();
    expect(await storedIds()).toEqual([...ids].sort());
    // Batched: no transaction holds more than batchSize, and most hold more than one.
    expect(Math.max(...batchSizes)).toBeLessThanOrEqual(10);
    expect(batchSizes.length).toBeLessThan(ids.length);
  });

  it('gets a batch back after a store failure, and stores it once though it was committed before', async () => {
    const ids = await publishReports(5);
    let calls = 0;
    const failing = storeWith(async (_items, write) => {
      calls += 1;
      await write();
      // Committed, then failed before the ack: the batch must come back and count once.
      if (calls === 1) throw new Error('connection lost after commit');
    });
    await writer({ store: { ...failing, ping: () => Promise.reject(new Error('down')) } });
    await drained();
    expect(calls).toBeGreaterThanOrEqual(2);
    expect(logger.error).toHaveBeenCalledWith(expect.objectContaining({ items: 5 }), expect.stringMatching(/will come back/));
    expect(await storedIds()).toEqual([...ids].sort());
  });

  it('lets two writers share the stream: each item stored once, also when both write one batch', async () => {
    const ids = await publishReports(60);
    let firstBatch = true;
    let written = 0;
    // Writer A holds its first batch past the ack wait after committing it, so the same batch
    // goes to writer B as well; both then acknowledge.
    const slow = storeWith(async (items, write) => {
      written += items.length;
      await write();
      if (firstBatch) {
        firstBatch = false;
        await new Promise((resolve) => setTimeout(resolve, 1_500));
      }
    });
    const other = await nats.connectAnother();
    await writer({ store: slow });
    await writer({
      js: other.js,
      jsm: other.jsm,
      store: storeWith(async (items, write) => {
        written += items.length;
        await write();
      }),
    });
    await drained();
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    // Some items were written twice (A's first batch, by B too), yet each is stored once.
    expect(written).toBeGreaterThan(ids.length);
    expect(await storedIds()).toEqual([...ids].sort());
    expect(await nats.messagesLeft()).toBe(0);
  }, 15_000);

  it('loses nothing when a writer dies mid-batch: another takes its messages after the ack wait', async () => {
    const ids = await publishReports(25);
    const doomed = await nats.connectAnother();
    let committedByDoomed = 0;
    // The doomed writer commits its batches and then never acknowledges: killed between the two.
    const hang = storeWith(async (items, write) => {
      await write();
      committedByDoomed += items.length;
      await new Promise(() => {});
    });
    await startIngestWriter({ js: doomed.js, jsm: doomed.jsm, stream: nats.stream, durable: 'writers', store: hang, batchSize: 10, maxWaitMs: 20, ackWaitMs: 1_000, logger });
    await vi.waitUntil(() => committedByDoomed > 0, { timeout: 5_000 });
    await doomed.nc.close();
    await writer();
    await drained();
    expect(await storedIds()).toEqual([...ids].sort());
  }, 15_000);

  it('writes and acknowledges what it holds before stop() resolves', async () => {
    const ids = await publishReports(12);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let firstCall = true;
    const stopped = await writer({
      store: storeWith(async (_items, write) => {
        if (firstCall) {
          firstCall = false;
          await gate;
        }
        await write();
      }),
    });
    await vi.waitUntil(async () => (await nats.jsm.consumers.info(nats.stream, 'writers')).num_ack_pending > 0, { timeout: 5_000 });
    const stopping = stopped.stop();
    release();
    await stopping;
    expect(await storedIds()).toEqual([...ids].sort());
    await drained();
  });

  it('gives up, rather than retrying forever, once its connection is closed', async () => {
    const other = await nats.connectAnother();
    await startIngestWriter({ js: other.js, jsm: other.jsm, stream: nats.stream, durable: 'writers', store, logger });
    await other.nc.close();
    await vi.waitUntil(() => logger.warn.mock.calls.some((call) => /connection is closed/.test(String(call[0]))), { timeout: 4_000 });
  });

  it('terminates a message that is not an item, reports it once, and goes on', async () => {
    await nats.js.publish(ingestSubject(nats.stream, 'perf'), new TextEncoder().encode('{not json'));
    await nats.js.publish(ingestSubject(nats.stream, 'logs'), new TextEncoder().encode('{"kind":"logs"}'));
    const ids = await publishReports(3);
    await writer();
    await drained();
    expect(await storedIds()).toEqual(ids);
    expect(logger.error).toHaveBeenCalledTimes(2);
    expect(logger.error.mock.calls.map((call) => call[1])).toEqual([expect.stringMatching(/not an ingest item/), expect.stringMatching(/not an ingest item/)]);
  });

  it('writes the others when the store refuses one item of a batch', async () => {
    const ids = await publishReports(4);
    let refused = 0;
    await writer({
      store: storeWith(async (items, write) => {
        if (items.some((item) => item.kind === 'perf' && item.report.id === 'report-2')) {
          refused += 1;
          throw new Error('constraint violated');
        }
        await write();
      }),
    });
    await vi.waitUntil(async () => (await storedIds()).length === 3, { timeout: 5_000 });
    expect(await storedIds()).toEqual(ids.filter((id) => id !== 'report-2'));
    // The refused one is still queued, coming back later.
    expect(await nats.messagesLeft()).toBe(1);
    expect(refused).toBeGreaterThanOrEqual(2);
  });
});
