import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { perfReport } from '../perf/testing/reportFixture.js';
import type { IngestItem } from './contract.js';
import type { Store } from '../storage/ports.js';
import { createPostgresStore } from '../storage/postgres/createPostgresStore.js';
import type { TestDatabase } from '../storage/postgres/testing/testDatabase.js';
import { createTestDatabase } from '../storage/postgres/testing/testDatabase.js';
import { createJetStreamSink } from './jetstreamSink.js';
import type { TestStream } from './testing/natsTestKit.js';
import { createTestStream } from './testing/natsTestKit.js';
import { startIngestWriter } from './writer.js';

// The writer against the production pairing: PostgreSQL behind JetStream. Three writers on two
// connections, one of which fails after committing its first three batches (so they come back
// and are committed again), while perf and analytics items arrive: each item is stored once.

let database: TestDatabase;
let store: Store;
let nats: TestStream;
const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };

beforeAll(async () => {
  database = await createTestDatabase();
  store = await createPostgresStore({ url: database.url });
  nats = await createTestStream();
}, 30_000);
afterAll(async () => {
  await nats?.cleanup();
  await store?.close();
  await database?.drop();
});

describe('ingest writers on PostgreSQL', () => {
  it('store every item once through redeliveries and competing writers', async () => {
    const commits = new Map<string, number>();
    const counted = (base: Store, failFirst: number) => {
      let calls = 0;
      const wrapped: Store = {
        ...base,
        // Told the store is down, the failing writer naks whole batches rather than splitting them.
        ping: failFirst > 0 ? () => Promise.reject(new Error('looks down')) : base.ping,
        ingest: {
          ...base.ingest,
          async writeBatch(items: readonly IngestItem[]) {
            await base.ingest.writeBatch(items);
            for (const item of items) {
              const key = item.kind === 'perf' ? item.report.id! : item.kind === 'analytics' ? item.hits[0]!.id! : 'logs';
              commits.set(key, (commits.get(key) ?? 0) + 1);
            }
            calls += 1;
            if (calls <= failFirst) throw new Error('lost the connection after COMMIT');
          },
        },
      };
      return { store: wrapped, calls: () => calls };
    };
    const other = await nats.connectAnother();
    const common = { stream: nats.stream, durable: 'pg-writers', batchSize: 25, maxWaitMs: 10, ackWaitMs: 2_000, retryDelayMs: 50, logger };
    // The failing writer starts alone, so it surely takes batches and fails after committing
    // them; the two others join once it has, and take over what comes back.
    const failing = counted(store, 3);
    const writers = [await startIngestWriter({ ...common, js: other.js, jsm: other.jsm, store: failing.store })];
    const sink = createJetStreamSink({ js: nats.js, jsm: nats.jsm, stream: nats.stream, store });
    const now = Date.now();
    const reports = Array.from({ length: 150 }, (_, i) => perfReport({ wv_lcp: 1000 + i }, { id: `pg-report-${i}`, receivedAt: now }));
    const hits = Array.from({ length: 50 }, (_, i) => ({ id: `pg-hit-${i}`, type: 'pageview' as const, path: '/vs/page/flights/home/-', timestamp: now, receivedAt: now }));
    await Promise.all([
      ...reports.map((report) => sink.perf.insertPerfReport(report)),
      ...hits.map((hit) => sink.analytics.insertAnalyticsHits([hit])),
      // The page retried two of them: JetStream drops the copies, the store would too.
      sink.perf.insertPerfReport(reports[0]!),
      sink.analytics.insertAnalyticsHits([hits[0]!]),
    ]);
    await vi.waitUntil(() => failing.calls() >= 3, { timeout: 20_000, interval: 20 });
    writers.push(
      await startIngestWriter({ ...common, js: nats.js, jsm: nats.jsm, store: counted(store, 0).store }),
      await startIngestWriter({ ...common, js: other.js, jsm: other.jsm, store: counted(store, 0).store }),
    );
    await vi.waitUntil(
      async () => {
        const info = await nats.jsm.consumers.info(nats.stream, 'pg-writers');
        return info.num_pending === 0 && info.num_ack_pending === 0;
      },
      { timeout: 20_000, interval: 100 },
    );
    await Promise.all(writers.map((writer) => writer.stop()));

    const stored = await store.query.perf.listPerfReports({ from: now - 1, to: now + 1, limit: 1_000 });
    expect(stored.map((report) => report.id).sort()).toEqual(reports.map((report) => report.id).sort());
    const counts = await store.query.analytics.countAnalytics({ from: now - 60_000, to: now + 60_000 }, 'path', 10);
    expect(counts).toEqual([expect.objectContaining({ key: '/vs/page/flights/home/-', pageViews: 50 })]);
    // Items were committed more than once (the failing writer's batches came back), yet are stored once.
    expect([...commits.values()].some((n) => n >= 2)).toBe(true);
    expect(commits.size).toBe(reports.length + hits.length);
  }, 40_000);
});
