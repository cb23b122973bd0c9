import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../ports.js';
import { createPostgresStore } from './createPostgresStore.js';
import { DAY_MS, ensureDayPartition, listPartitionedTables, runPartitionUpkeep } from './partitions.js';
import { createTestDatabase, createTestPool, type TestDatabase } from './testing/testDatabase.js';
import { perfReport } from '../conformance/fixtures.js';

const dayTag = (time: number) => new Date(time).toISOString().slice(0, 10).replace(/-/g, '');

describe('daily partitions', () => {
  let database: TestDatabase;
  let store: Store;
  let pool: pg.Pool;
  const now = Date.now();
  const today = Math.floor(now / DAY_MS) * DAY_MS;

  beforeAll(async () => {
    database = await createTestDatabase();
    store = await createPostgresStore({ url: database.url, retentionRawDays: 30 });
    pool = createTestPool(database.url, 2);
  });
  afterAll(async () => {
    await pool?.end();
    await store?.close();
    await database?.drop();
  }, 60_000);

  const partitionsOf = async (table: string) =>
    (
      await pool.query<{ name: string }>(
        `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
          WHERE i.inhparent = $1::regclass ORDER BY 1`,
        [table],
      )
    ).rows.map((row) => row.name);
  const count = async (sql: string, params: unknown[] = []) => Number((await pool.query(sql, params)).rows[0].count);

  it('finds every time-ordered table and its partition column', async () => {
    const tables = await listPartitionedTables(pool);
    expect(tables).toEqual(
      expect.arrayContaining([
        { table: 'perf_reports', column: 'received_at' },
        { table: 'analytics_hits', column: 'received_at' },
        { table: 'drop_counts', column: 'received_at' },
        { table: 'signal_reports', column: 'received_at' },
        { table: 'signal_fallbacks', column: 'received_at' },
        { table: 'consent_choices', column: 'created_at' },
      ]),
    );
  });

  it('made the partitions of today and the next two days at start, beside the DEFAULT', async () => {
    const names = await partitionsOf('perf_reports');
    for (const day of [0, 1, 2]) expect(names).toContain(`perf_reports_p${dayTag(today + day * DAY_MS)}`);
    expect(names).toContain('perf_reports_default');
    await store.ingest.perf.insertPerfReport(perfReport({ id: 'today', receivedAt: now }));
    expect(await count(`SELECT count(*) FROM perf_reports_p${dayTag(now)}`)).toBe(1);
  });

  it('drops a day older than the retention with its rows, keeps today and its rows', async () => {
    const old = today - 40 * DAY_MS;
    const table = { table: 'perf_reports', column: 'received_at' };
    expect(await ensureDayPartition(pool, table, old)).toBe(`perf_reports_p${dayTag(old)}`);
    await store.ingest.perf.insertPerfReport(perfReport({ id: 'old', receivedAt: old + 1000 }));
    expect(await count(`SELECT count(*) FROM perf_reports_p${dayTag(old)}`)).toBe(1);

    const report = await runPartitionUpkeep(pool, { now, retentionDays: 30 });
    expect(report.dropped).toEqual([`perf_reports_p${dayTag(old)}`]);
    expect(await partitionsOf('perf_reports')).not.toContain(`perf_reports_p${dayTag(old)}`);
    expect(await count("SELECT count(*) FROM perf_reports WHERE client_id = 'old'")).toBe(0);
    expect(await count("SELECT count(*) FROM perf_reports WHERE client_id = 'today'")).toBe(1);
  });

  it('a row with no partition for its day lands in the DEFAULT, moves into the day when it is made, and expires', async () => {
    const far = today + 10 * DAY_MS;
    await store.ingest.perf.insertPerfReport(perfReport({ id: 'future', receivedAt: far + 5 }));
    expect(await count("SELECT count(*) FROM perf_reports_default WHERE client_id = 'future'")).toBe(1);
    await ensureDayPartition(pool, { table: 'perf_reports', column: 'received_at' }, far);
    expect(await count("SELECT count(*) FROM perf_reports_default")).toBe(0);
    expect(await count(`SELECT count(*) FROM perf_reports_p${dayTag(far)} WHERE client_id = 'future'`)).toBe(1);

    const stale = today - 35 * DAY_MS;
    await store.ingest.perf.insertPerfReport(perfReport({ id: 'stale', receivedAt: stale }));
    expect(await count("SELECT count(*) FROM perf_reports_default WHERE client_id = 'stale'")).toBe(1);
    await runPartitionUpkeep(pool, { now, retentionDays: 30 });
    expect(await count("SELECT count(*) FROM perf_reports WHERE client_id = 'stale'")).toBe(0);
  });

  it('instances running upkeep together create each day once, without error', async () => {
    const later = now + 20 * DAY_MS;
    const reports = await Promise.all([1, 2, 3].map(() => runPartitionUpkeep(pool, { now: later, retentionDays: 30 })));
    const created = reports.flatMap((r) => r.created);
    expect(created.length).toBe(new Set(created).size);
    expect(created).toContain(`analytics_hits_p${dayTag(later + 2 * DAY_MS)}`);
  });

  it('keeps consent choices past the raw retention (a choice stays valid 13 months)', async () => {
    const old = today - 40 * DAY_MS;
    await ensureDayPartition(pool, { table: 'consent_choices', column: 'created_at' }, old);
    const report = await runPartitionUpkeep(pool, { now, retentionDays: 30, retentionOverrides: { consent_choices: 400 } });
    expect(report.dropped).not.toContain(`consent_choices_p${dayTag(old)}`);
    expect(await partitionsOf('consent_choices')).toContain(`consent_choices_p${dayTag(old)}`);
  });

  it('skips a table whose lock is held (a long console query) instead of queueing inserts behind it', async () => {
    const reader = await pool.connect();
    try {
      await reader.query('BEGIN');
      await reader.query('LOCK TABLE perf_reports IN ACCESS SHARE MODE');
      const later = now + 40 * DAY_MS;
      const report = await runPartitionUpkeep(pool, { now: later, retentionDays: 30 });
      expect(report.skipped).toEqual(['perf_reports']);
      expect(report.created).toContain(`analytics_hits_p${dayTag(later)}`);
      expect(report.created).not.toContain(`perf_reports_p${dayTag(later)}`);
    } finally {
      await reader.query('ROLLBACK');
      reader.release();
    }
  }, 20_000);
});
