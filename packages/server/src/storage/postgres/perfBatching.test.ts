import { describe, expect, it } from 'vitest';
import type { PerfReport } from '../../perf/contract.js';
import { T0, perfReport } from '../conformance/fixtures.js';
import { createPostgresPerf } from './perf.js';
import { migratedPoolPerSuite } from './testing/migratedPool.js';

const PAGES = ['home', 'search', 'results'];

// Direct ingest of perf reports through the batch writer (batchWriter.ts) on a real database.
describe('PostgreSQL direct perf ingest, batched', () => {
  const db = migratedPoolPerSuite();

  const count = async (sql: string, params: unknown[]) => Number((await db().pool.query(sql, params)).rows[0].n);
  // Each test's reports under a vertical of its own, so its rollup rows are its own.
  const reports = (prefix: string, n: number): PerfReport[] =>
    Array.from({ length: n }, (_, i) =>
      perfReport({ id: `${prefix}-${i}`, vertical: prefix, pageId: PAGES[i % PAGES.length]!, receivedAt: T0 + i * 1_000 }),
    );
  const rolledUp = (level: string, vertical: string, pageId: string) =>
    count(
      `SELECT coalesce(sum(r.reports), 0) AS n FROM perf_rollup_${level} r JOIN perf_rollup_keys k ON k.id = r.key_id
        WHERE k.vertical = $1 AND k.page_id = $2 AND k.browser IS NULL`,
      [vertical, pageId],
    );

  it('writes concurrent reports in shared transactions, each stored once with exact rollup counts', async () => {
    const batches: number[] = [];
    const perf = createPostgresPerf(db().pool, { rollups: true, batching: { onBatch: (size) => batches.push(size) } });
    const sent = reports('a', 60);
    // A re-sent copy (a client retry) of a few, in the same burst.
    await Promise.all([...sent, ...sent.slice(0, 5)].map((report) => perf.ingest.insertPerfReport(report)));
    await perf.close();
    expect(batches.length).toBeLessThan(sent.length / 4);
    expect(batches.reduce((a, b) => a + b, 0)).toBe(65);
    expect(await count("SELECT count(*) AS n FROM perf_reports WHERE client_id LIKE 'a-%'", [])).toBe(60);
    expect(await count("SELECT count(DISTINCT client_id) AS n FROM perf_reports WHERE client_id LIKE 'a-%'", [])).toBe(60);
    // Every level counts each stored report once, per page.
    for (const level of ['minute', 'hour', 'day']) {
      for (const page of PAGES) expect(await rolledUp(level, 'a', page)).toBe(20);
    }
  });

  it('rejects only the report PostgreSQL refuses, storing the rest of its batch', async () => {
    const batches: number[] = [];
    const perf = createPostgresPerf(db().pool, { rollups: true, batching: { onBatch: (size) => batches.push(size) } });
    const sent = reports('b', 8);
    // Past bigint: the raw INSERT fails, and with it the transaction it shares.
    sent[3] = { ...sent[3]!, navStart: 1e19 };
    const results = await Promise.allSettled(sent.map((report) => perf.ingest.insertPerfReport(report)));
    await perf.close();
    expect(batches[0]).toBeGreaterThan(1);
    expect(results.map((r) => r.status)).toEqual(sent.map((_, i) => (i === 3 ? 'rejected' : 'fulfilled')));
    expect(await count("SELECT count(*) AS n FROM perf_reports WHERE client_id LIKE 'b-%'", [])).toBe(7);
    expect(await count("SELECT count(*) AS n FROM perf_reports WHERE client_id = 'b-3'", [])).toBe(0);
    // The bad report's key was not kept either: sent again, fixed, it is stored.
    await createPostgresPerf(db().pool, { rollups: true }).ingest.insertPerfReport({ ...sent[3]!, navStart: T0 });
    expect(await count("SELECT count(*) AS n FROM perf_reports WHERE client_id = 'b-3'", [])).toBe(1);
  });

  it('closes once every queued report is stored, and refuses reports after', async () => {
    const perf = createPostgresPerf(db().pool, { rollups: true, batching: { maxInFlight: 1, maxBatch: 4 } });
    const pending = reports('c', 30).map((report) => perf.ingest.insertPerfReport(report));
    await perf.close();
    expect(await count("SELECT count(*) AS n FROM perf_reports WHERE client_id LIKE 'c-%'", [])).toBe(30);
    await Promise.all(pending);
    await expect(perf.ingest.insertPerfReport(perfReport({ id: 'c-late' }))).rejects.toThrow('closed');
  });
});
