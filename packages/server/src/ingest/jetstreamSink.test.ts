import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { perfReport } from '../perf/testing/reportFixture.js';
import { createSqliteStore } from '../storage/sqlite/createSqliteStore.js';
import type { Store } from '../storage/ports.js';
import type { HttpError } from '../http/httpError.js';
import { createJetStreamSink } from './jetstreamSink.js';
import { ingestSubject } from './stream.js';
import type { NewSignalReport } from '../signals/contract.js';
import { personSignals } from '../signals/testing/sealForTest.js';
import type { TestStream } from './testing/natsTestKit.js';
import { createTestStream } from './testing/natsTestKit.js';

let nats: TestStream;
let store: Store;
beforeEach(async () => {
  nats = await createTestStream();
  store = createSqliteStore({ file: ':memory:' });
});
afterEach(async () => {
  await nats.cleanup();
  await store.close();
});

const sinkOn = (stream: string, publishTimeoutMs = 1_000) =>
  createJetStreamSink({ js: nats.js, jsm: nats.jsm, stream, store, publishTimeoutMs });

describe('the JetStream sink', () => {
  it('publishes a queued item under its idempotency key, once however often it is sent', async () => {
    const sink = sinkOn(nats.stream);
    const report = perfReport({ wv_lcp: 1200 }, { id: 'report-1' });
    await sink.perf.insertPerfReport(report);
    await sink.perf.insertPerfReport({ ...report, receivedAt: 2_000 });
    expect(await nats.messagesLeft()).toBe(1);
    const stored = await nats.jsm.streams.getMessage(nats.stream, { last_by_subj: ingestSubject(nats.stream, 'perf') });
    expect(stored?.header.get('Nats-Msg-Id')).toBe('perf:report-1');
    expect(stored?.json()).toEqual({ kind: 'perf', report });
    // Nothing reached the store: writers do that.
    expect(await store.query.perf.listPerfReports({ from: 0, to: Date.now(), limit: 10 })).toEqual([]);
    await expect(sink.ping()).resolves.toBeUndefined();
  });

  it('answers 503 with Retry-After when JetStream does not take the item', async () => {
    // No stream listens on these subjects: JetStream has no one to answer the publish.
    const sink = sinkOn('TARMAC_TEST_NO_SUCH_STREAM');
    const failure = (await sink.perf.insertPerfReport(perfReport({}, { id: 'r' })).catch((error: unknown) => error)) as HttpError;
    expect(failure.statusCode).toBe(503);
    expect(failure.code).toBe('TARMAC_INGEST_UNAVAILABLE');
    expect(failure.retryAfterSeconds).toBeGreaterThan(0);
    await expect(sink.ping()).rejects.toThrow();
  });

  it('answers 503 once the connection is gone', async () => {
    const other = await nats.connectAnother();
    const sink = createJetStreamSink({ js: other.js, jsm: other.jsm, stream: nats.stream, store, publishTimeoutMs: 500 });
    await other.nc.close();
    await expect(sink.analytics.insertAnalyticsHits([{ id: 'h1', type: 'pageview', receivedAt: 1 } as never])).rejects.toMatchObject({
      statusCode: 503,
      code: 'TARMAC_INGEST_UNAVAILABLE',
    });
    await expect(sink.ping()).rejects.toThrow();
    expect(await nats.messagesLeft()).toBe(0);
  });

  it('writes signals and consent straight to the store, so a replay is refused at once', async () => {
    const sink = sinkOn(nats.stream);
    const report = { nonce: 'n-1', receivedAt: 1, clientTs: 1, userAgent: null, verdict: { score: 0, automation: false, reasons: [] }, signals: personSignals() } satisfies NewSignalReport;
    expect(sink.signals).toBe(store.ingest.signals);
    expect(sink.consent).toBe(store.ingest.consent);
    expect(await sink.signals.insertSignalReport(report)).toBe(true);
    expect(await sink.signals.insertSignalReport(report)).toBe(false);
    expect(await nats.messagesLeft()).toBe(0);
  });
});
