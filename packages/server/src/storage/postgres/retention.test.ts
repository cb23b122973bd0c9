import type pg from 'pg';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DAY_MS } from '../../rollups/timeGrid.js';
import { ensureDayPartition } from './partitions.js';
import { purgePlainRollups } from './rollupPurge.js';
import { createMigratedPool, type MigratedPool } from './testing/migratedPool.js';
import { countRows, insertRowAt, ROLLUP_TABLES_SQL } from './testing/retentionRows.js';
import { runUpkeep } from './upkeep.js';
import { describeRetentionConformance } from '../conformance/retention.js';

const NOW = Date.UTC(2026, 10, 23, 8, 0);
const TODAY = Math.floor(NOW / DAY_MS) * DAY_MS;
const dayTag = (time: number) => new Date(time).toISOString().slice(0, 10).replace(/-/g, '');

describe('PostgreSQL retention', () => {
  let db: MigratedPool;
  let pool: pg.Pool;
  const logger = { warn: vi.fn() };

  beforeEach(async () => {
    db = await createMigratedPool();
    pool = db.pool;
    await pool.query(ROLLUP_TABLES_SQL);
    logger.warn.mockClear();
  });
  afterEach(async () => {
    await db?.close();
  }, 60_000);

  const partitionAt = (table: string, column: string, daysAgo: number) => ensureDayPartition(pool, { table, column }, TODAY - daysAgo * DAY_MS);
  const count = async (table: string) => Number((await pool.query(`SELECT count(*) FROM ${table}`)).rows[0].count);
  const insertDays = (table: string, daysAgo: number, rows: number, firstKey = 0) =>
    pool.query(`INSERT INTO ${table} (start, key_id, n) SELECT $1, k, 1 FROM generate_series($2::int, $3::int) AS k`, [
      TODAY - daysAgo * DAY_MS,
      firstKey,
      firstKey + rows - 1,
    ]);

  it('drops minute partitions after 14 days, hour partitions after 90, raw ones after the raw retention', async () => {
    for (const days of [15, 13]) await partitionAt('probe_rollup_minute', 'start', days);
    for (const days of [91, 89]) await partitionAt('probe_rollup_hour', 'start', days);
    for (const days of [9, 31]) await partitionAt('perf_reports', 'received_at', days);
    await insertDays('probe_rollup_minute', 15, 3);
    await insertDays('probe_rollup_minute', 13, 2);

    const report = await runUpkeep(pool, { now: NOW, retentionDays: 30, logger });
    const tag = (table: string, days: number) => `${table}_p${dayTag(TODAY - days * DAY_MS)}`;
    expect(report.dropped.sort()).toEqual([tag('perf_reports', 31), tag('probe_rollup_hour', 91), tag('probe_rollup_minute', 15)].sort());
    expect(await count('probe_rollup_minute')).toBe(2);
    expect(report.failed).toEqual([]);

    // RETENTION_RAW_DAYS=7 shortens the raw tables only.
    const shorter = await runUpkeep(pool, { now: NOW, retentionDays: 7, logger });
    expect(shorter.dropped).toEqual([tag('perf_reports', 9)]);
  });

  it('purges the plain day rollups after 397 days in chunks, while an ingest upsert on the same table completes', async () => {
    await insertDays('probe_rollup_day', 398, 12_000);
    await insertDays('probe_rollup_day', 396, 10);
    const [report] = await Promise.all([
      purgePlainRollups(pool, NOW, { chunkRows: 2_000, logger }),
      pool.query(
        `INSERT INTO probe_rollup_day (start, key_id, n) VALUES ($1, 1, 1)
         ON CONFLICT (start, key_id) DO UPDATE SET n = probe_rollup_day.n + excluded.n`,
        [TODAY],
      ),
    ]);
    expect(report.failed).toEqual([]);
    expect(report.purged.probe_rollup_day).toEqual({ rows: 12_000, chunks: 7 });
    // The migrations' own day tables are found by the same rule (empty here).
    expect(Object.keys(report.purged).sort()).toEqual(['analytics_rollup_day', 'log_rollup_day', 'perf_attribution_rollup_day', 'perf_rollup_day', 'probe_rollup_day']);
    expect(await count('probe_rollup_day')).toBe(11);
  });

  it('the upkeep runs the day purge with the rest', async () => {
    await insertDays('probe_rollup_day', 398, 5);
    await insertDays('probe_rollup_day', 396, 5, 100);
    const report = await runUpkeep(pool, { now: NOW, retentionDays: 30, rollupChunkRows: 2 });
    expect(report.rollups.purged.probe_rollup_day).toEqual({ rows: 5, chunks: 3 });
    expect(await count('probe_rollup_day')).toBe(5);
  });

  it('a broken table is reported and does not stop the others', async () => {
    // Sorted first, so it is met before the sound tables; no DEFAULT partition, no `start` column.
    await pool.query('CREATE TABLE a_rollup_hour (start BIGINT NOT NULL) PARTITION BY RANGE (start)');
    await pool.query('CREATE TABLE a_rollup_day (begins BIGINT)');
    await partitionAt('probe_rollup_minute', 'start', 15);
    await insertDays('probe_rollup_day', 398, 4);

    const report = await runUpkeep(pool, { now: NOW, retentionDays: 30, logger });
    expect(report.failed).toEqual(['a_rollup_hour']);
    expect(report.rollups.failed).toEqual(['a_rollup_day']);
    expect(report.dropped).toContain(`probe_rollup_minute_p${dayTag(TODAY - 15 * DAY_MS)}`);
    expect(report.created).toContain(`perf_reports_p${dayTag(TODAY)}`);
    expect(await count('probe_rollup_day')).toBe(0);
    expect(logger.warn.mock.calls.map(([details]) => (details as { table: string }).table).sort()).toEqual(['a_rollup_day', 'a_rollup_hour']);
  });
});

describeRetentionConformance('postgres', async (rawDays) => {
  const db = await createMigratedPool();
  await db.pool.query(ROLLUP_TABLES_SQL);
  return {
    insertAt: (table, at) => insertRowAt(db.pool, table, at),
    count: (table) => countRows(db.pool, table),
    async purge(now) {
      const report = await runUpkeep(db.pool, { now, retentionDays: rawDays });
      expect([...report.failed, ...report.rollups.failed]).toEqual([]);
    },
    close: () => db.close(),
  };
});
