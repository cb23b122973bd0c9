import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsHit, consentChoice, dropReport, perfReport, signalReport, T0 } from '../conformance/fixtures.js';
import type { IngestItem } from '../../ingest/contract.js';
import type { Store } from '../ports.js';
import { createPostgresStore } from './createPostgresStore.js';
import { purgeIngestKeys } from './ingestKeys.js';
import { createTestDatabase, createTestPool, type TestDatabase } from './testing/testDatabase.js';

// What the conformance suites cannot see: several instances (each its own pool) on one database,
// as behind a load balancer, and the PostgreSQL-only bookkeeping under the ports.
describe('PostgreSQL ingest across instances', () => {
  let database: TestDatabase;
  let instances: Store[] = [];
  let pool: pg.Pool;

  beforeAll(async () => {
    database = await createTestDatabase();
    instances = await Promise.all([1, 2, 3].map(() => createPostgresStore({ url: database.url, poolSize: 4 })));
    pool = createTestPool(database.url, 2);
  });
  afterAll(async () => {
    await pool?.end();
    await Promise.all(instances.map((store) => store.close()));
    await database?.drop();
  }, 60_000);

  const count = async (sql: string, params: unknown[] = []) => Number((await pool.query(sql, params)).rows[0].count);

  it('stores a perf report, hits and a drop report once when every instance writes the same copies at once', async () => {
    const hits = [analyticsHit({ id: 'x-h1' }), analyticsHit({ id: 'x-h2' })];
    const dropped = dropReport({ id: 'x-d', source: 'analytics', product: null, counts: { consent: 2, queue_full: 1 } });
    await Promise.all(
      instances.flatMap((store) => [
        store.ingest.perf.insertPerfReport(perfReport({ id: 'x-p' })),
        store.ingest.analytics.insertAnalyticsHits(hits, dropped),
      ]),
    );
    expect(await count("SELECT count(*) FROM perf_reports WHERE client_id = 'x-p'")).toBe(1);
    expect(await count("SELECT count(*) FROM analytics_hits WHERE client_id LIKE 'x-%'")).toBe(2);
    expect(await count("SELECT count(*) FROM drop_counts WHERE report_id = 'x-d'")).toBe(2);
  });

  it('lets exactly one instance accept a signal nonce sent to all of them at once (the shared replay guard)', async () => {
    const report = signalReport({ nonce: 'shared-nonce' });
    const accepted = await Promise.all(instances.flatMap((store) => [store, store].map((s) => s.ingest.signals.insertSignalReport(report))));
    expect(accepted.filter(Boolean)).toHaveLength(1);
    expect(await count("SELECT count(*) FROM signal_reports WHERE nonce = 'shared-nonce'")).toBe(1);
  });

  it('writes overlapping batches in opposite orders on two instances without failing or doubling', async () => {
    const items: IngestItem[] = Array.from({ length: 40 }, (_, i) => ({ kind: 'perf', report: perfReport({ id: `o-${i}`, receivedAt: T0 + i }) }));
    await Promise.all([
      instances[0]!.ingest.writeBatch(items),
      instances[1]!.ingest.writeBatch([...items].reverse()),
      instances[2]!.ingest.writeBatch(items.slice(10, 30)),
    ]);
    expect(await count("SELECT count(*) FROM perf_reports WHERE client_id LIKE 'o-%'")).toBe(40);
  });

  it('accepts text PostgreSQL would refuse (NUL, unpaired surrogates) instead of failing the write', async () => {
    const odd = 'a\u0000b\ud800c';
    await instances[0]!.ingest.perf.insertPerfReport(perfReport({ id: 'odd-p', url: odd, pageTag: odd }));
    await instances[0]!.ingest.consent.insertConsentChoice(consentChoice({ visitorId: 'odd-v', tcString: odd, userAgent: odd }));
    const [report] = await instances[1]!.query.perf.listPerfReports({ from: T0, to: T0 + 10_000, limit: 100 }).then((list) => list.filter((r) => r.id === 'odd-p'));
    expect(report?.url).toBe('a\ufffdb\ufffdc');
    expect((await instances[2]!.query.consent.latestConsentChoice('odd-v'))?.tcString).toBe('a\ufffdb\ufffdc');
  });

  it('serves a visitor their newest choice from any instance, a later write winning a tie', async () => {
    await instances[0]!.ingest.consent.insertConsentChoice(consentChoice({ visitorId: 'v-9', createdAt: T0 + 5_000, choice: 'reject_all' }));
    await instances[1]!.ingest.consent.insertConsentChoice(consentChoice({ visitorId: 'v-9', createdAt: T0 + 1_000, choice: 'accept_all' }));
    expect((await instances[2]!.query.consent.latestConsentChoice('v-9'))?.choice).toBe('reject_all');
    await instances[2]!.ingest.consent.insertConsentChoice(consentChoice({ visitorId: 'v-9', createdAt: T0 + 5_000, choice: 'custom' }));
    expect((await instances[0]!.query.consent.latestConsentChoice('v-9'))?.choice).toBe('custom');
  });

  it('purges idempotency keys in chunks, only those older than the cut', async () => {
    await pool.query(
      `INSERT INTO ingest_keys (kind, id, seen_at) SELECT 'perf', 'old-' || n, 1000 FROM generate_series(1, 25000) AS n`,
    );
    const before = await count('SELECT count(*) FROM ingest_keys');
    expect(await purgeIngestKeys(pool, 2000)).toBe(25_000);
    expect(await count('SELECT count(*) FROM ingest_keys')).toBe(before - 25_000);
    expect(await count("SELECT count(*) FROM ingest_keys WHERE id = 'x-p'")).toBe(1);
  });
});
