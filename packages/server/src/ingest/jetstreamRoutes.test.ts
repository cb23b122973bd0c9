import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Store } from '../storage/ports.js';
import { createSqliteStore } from '../storage/sqlite/createSqliteStore.js';
import { clientLogMessage } from '../testing/fixtures.js';
import type { TestApp } from '../testing/testApp.js';
import { createTestApp } from '../testing/testApp.js';
import { createJetStreamSink } from './jetstreamSink.js';
import type { TestStream } from './testing/natsTestKit.js';
import { createTestStream } from './testing/natsTestKit.js';
import { startIngestWriter } from './writer.js';

// The real routes with JetStream in front of the store: a reply means the stream has the item;
// when JetStream cannot take it, the reply is 503 with Retry-After and nothing is kept.

let nats: TestStream;
let store: Store;
let t: TestApp;
beforeEach(async () => {
  nats = await createTestStream();
  store = createSqliteStore({ file: ':memory:' });
});
afterEach(async () => {
  await t?.close();
  await nats.cleanup();
});

const appOn = async (stream: string) => {
  const ingest = createJetStreamSink({ js: nats.js, jsm: nats.jsm, stream, store, publishTimeoutMs: 1_000 });
  t = await createTestApp({ storage: store, ingest });
  return t.app;
};
const perfForm = (id: string) => `id=${id}&wv_lcp=1234&vertical=flights&pageId=home&url=https%3A%2F%2Fsite.test%2F`;
const postPerf = (id: string) =>
  t.app.inject({ method: 'POST', url: '/s/run/perf', payload: perfForm(id), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
const postLogs = () =>
  t.app.inject({ method: 'POST', url: '/log/client/messages', payload: { product: 'demo', reqNo: 1, messages: [clientLogMessage({ id: 'm-42' })] } });
const postHits = () =>
  t.app.inject({ method: 'POST', url: '/a/api/analytics/events', payload: { events: [{ id: 'h-1', type: 'pageview', path: '/vs/page/flights/home/-', timestamp: Date.now() }] } });

describe('ingest routes through JetStream', () => {
  it('reply once the stream has the item; a writer stores it later; /healthz says jetstream', async () => {
    const app = await appOn(nats.stream);
    expect((await postPerf('via-js-1')).statusCode).toBe(204);
    expect((await postLogs()).statusCode).toBe(200);
    expect((await postHits()).json()).toEqual({ accepted: 1 });
    expect(await nats.messagesLeft()).toBe(3);
    expect(await store.query.perf.listPerfReports({ from: 0, to: Date.now() + 1, limit: 10 })).toEqual([]);

    const health = await app.inject({ url: '/healthz' });
    expect(health.json()).toEqual({ ok: true, store: 'sqlite', ingest: 'jetstream' });

    const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const writer = await startIngestWriter({ js: nats.js, jsm: nats.jsm, stream: nats.stream, durable: 'w', store, logger });
    await vi.waitUntil(async () => (await store.query.perf.listPerfReports({ from: 0, to: Date.now() + 1, limit: 10 })).length === 1, { timeout: 5_000 });
    await vi.waitUntil(async () => (await store.query.logs.listLogGroups({ limit: 10 })).groups.length === 1, { timeout: 5_000 });
    await writer.stop();
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('answer 503 TARMAC_INGEST_UNAVAILABLE with Retry-After when JetStream cannot take the item', async () => {
    const app = await appOn('TARMAC_TEST_NO_SUCH_STREAM');
    for (const response of [await postPerf('lost-1'), await postLogs(), await postHits()]) {
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ statusCode: 503, code: 'TARMAC_INGEST_UNAVAILABLE' });
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }
    const health = await app.inject({ url: '/healthz' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ ok: false, store: 'sqlite', ingest: 'jetstream', unreachable: ['ingest'] });
  });
});
