import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DAY_MS, HOUR_MS } from '../../rollups/timeGrid.js';
import { perfReport } from '../conformance/fixtures.js';
import { createSqliteStore } from './createSqliteStore.js';
import { createGroupCommit, type GroupCommit } from './groupCommit.js';
import { applyMigrations } from './migrate.js';
import { purgeChunkSql, purgeTargets, startSqliteRetention, type SqliteRetention } from './retention.js';
import { createSweep } from './retentionSweep.js';
import { countRows, createRollupTable, insertRows, RAW_TABLES } from './testing/retentionRows.js';
import { CONFORMANCE_ROLLUPS, describeRetentionConformance } from '../conformance/retention.js';

const NOW = Date.UTC(2026, 10, 23, 8, 0);
// The rollup tables the migrations create, and made-up ones of the same naming rule.
const SHIPPED_ROLLUPS = [
  ...['minute', 'hour', 'day'].flatMap((level) => [`perf_rollup_${level}`, `perf_attribution_rollup_${level}`, `analytics_rollup_${level}`]),
  'log_rollup_hour',
  'log_rollup_day',
];
const ROLLUPS = ['probe_rollup_minute', 'probe_rollup_hour', 'probe_rollup_day', 'probe2_rollup_minute'];

describe('SQLite retention', () => {
  let db: Database.Database;
  let writes: GroupCommit;
  let retention: SqliteRetention;
  const logger = { warn: vi.fn() };
  const start = (rawDays = 30, chunkRows = 2_000) => {
    // No timer pass within a test: passes are driven with a given `now`.
    retention = startSqliteRetention(db, writes, { rawDays, logger, firstAfterMs: 3_600_000, chunkRows });
    return retention;
  };

  // A pass in chunks of 2,000 with an ingest write into `table` queued as it starts: which ended first.
  const passBesideIngest = async (table: string) => {
    const order: string[] = [];
    const pass = start(30, 2_000).runPass(NOW).then((report) => {
      order.push('pass');
      return report;
    });
    const ingest = writes.run(() => insertRows(db, table, NOW)).then(() => order.push('ingest'));
    const [report] = await Promise.all([pass, ingest]);
    return { report, order };
  };

  beforeEach(() => {
    db = new Database(':memory:');
    applyMigrations(db);
    for (const name of ROLLUPS) createRollupTable(db, name);
    writes = createGroupCommit(db);
    logger.warn.mockClear();
  });
  afterEach(async () => {
    await retention?.stop();
    await writes.close();
    db.close();
  });

  it('purges the raw tables, consent and every rollup table it finds, and nothing else', () => {
    db.exec('CREATE TABLE rollup_notes (start INTEGER)'); // not of the naming rule
    const tables = purgeTargets(db, NOW, 30).map((t) => t.table);
    expect(tables.sort()).toEqual([...RAW_TABLES, 'consent_choices', 'usnat_choices', ...SHIPPED_ROLLUPS, ...ROLLUPS].sort());
  });

  it('deletes every table by an index on its time column, never by a scan, but the one it sweeps by key', () => {
    const targets = purgeTargets(db, NOW, 30);
    expect(targets.filter((t) => t.key).map((t) => [t.table, t.key])).toEqual([['log_message_ids', ['message_id', 'group_id']]]);
    for (const { table, column } of targets.filter((t) => !t.key)) {
      const plan = db.prepare(`EXPLAIN QUERY PLAN ${purgeChunkSql(table, column)}`).all(0, 1) as Array<{ detail: string }>;
      const details = plan.map((step) => step.detail);
      expect(details.filter((d) => d.startsWith('SCAN')), table).toEqual([]);
      expect(details.some((d) => d.startsWith(`SEARCH ${table} USING`) && d.endsWith(`(${column}<?)`)), `${table}: ${details.join('; ')}`).toBe(true);
    }
  });

  it('keeps each class of rows for its own horizon at a given now', async () => {
    const ages: Record<string, [gone: number, kept: number]> = {
      ...Object.fromEntries(RAW_TABLES.map((t) => [t, [30 * DAY_MS + 1, 30 * DAY_MS - HOUR_MS]])),
      consent_choices: [400 * DAY_MS + 1, 399 * DAY_MS],
      usnat_choices: [400 * DAY_MS + 1, 399 * DAY_MS],
      probe_rollup_minute: [14 * DAY_MS + 60_000, 14 * DAY_MS - 60_000],
      probe_rollup_hour: [90 * DAY_MS + HOUR_MS, 90 * DAY_MS - HOUR_MS],
      probe_rollup_day: [397 * DAY_MS + DAY_MS, 397 * DAY_MS - DAY_MS],
    };
    for (const [table, [gone, kept]] of Object.entries(ages)) {
      insertRows(db, table, NOW - gone);
      insertRows(db, table, NOW - kept);
    }
    const report = await start().runPass(NOW);
    expect(report.failed).toEqual([]);
    for (const table of Object.keys(ages)) {
      expect(report.purged[table]?.rows, table).toBe(1);
      expect(countRows(db, table), table).toBe(1);
    }
  });

  it('follows the raw retention it is given; consent stays 400 days even so', async () => {
    insertRows(db, 'perf_reports', NOW - 8 * DAY_MS);
    insertRows(db, 'consent_choices', NOW - 8 * DAY_MS);
    insertRows(db, 'usnat_choices', NOW - 8 * DAY_MS);
    await start(7).runPass(NOW);
    expect(countRows(db, 'perf_reports')).toBe(0);
    expect(countRows(db, 'consent_choices')).toBe(1);
    expect(countRows(db, 'usnat_choices')).toBe(1);
  });

  it('purges 10,000+ rows in chunks, and an ingest write queued meanwhile completes before the pass ends', async () => {
    insertRows(db, 'perf_reports', NOW - 40 * DAY_MS, 10_500);
    const { report, order } = await passBesideIngest('perf_reports');
    expect(report.purged.perf_reports).toEqual({ rows: 10_500, chunks: 6 });
    expect(order).toEqual(['ingest', 'pass']);
    expect(countRows(db, 'perf_reports')).toBe(1);
  });

  it('sweeps message ids by key in chunks, old ones only, an ingest write between chunks, once a day', async () => {
    for (let i = 0; i < 5; i++) insertRows(db, 'log_message_ids', NOW - 31 * DAY_MS, 1_000);
    insertRows(db, 'log_message_ids', NOW - 29 * DAY_MS, 2_500);
    const { report, order } = await passBesideIngest('log_message_ids');
    // 7,500 keys (or 7,501, if the ingest write came first) walked 2,000 at a time: four chunks.
    expect(report.purged.log_message_ids).toEqual({ rows: 5_000, chunks: 4 });
    expect(order).toEqual(['ingest', 'pass']);
    expect(countRows(db, 'log_message_ids')).toBe(2_501);
    // Within the day the table is not walked again; a day on, it is.
    insertRows(db, 'log_message_ids', NOW - 31 * DAY_MS, 10);
    expect((await retention.runPass(NOW + HOUR_MS)).purged.log_message_ids).toBeUndefined();
    expect(countRows(db, 'log_message_ids')).toBe(2_511);
    expect((await retention.runPass(NOW + DAY_MS)).purged.log_message_ids?.rows).toBe(10);
  });

  it('walks the key a chunk at a time, each chunk past the first a range of the primary key', () => {
    const sweep = createSweep(db, 'log_message_ids', 'received_at', ['message_id', 'group_id']);
    insertRows(db, 'log_message_ids', NOW - 31 * DAY_MS, 7);
    insertRows(db, 'log_message_ids', NOW, 3);
    let cursor: unknown[] | null = null;
    const deleted: number[] = [];
    do {
      const chunk = sweep.chunk(cursor, NOW - 30 * DAY_MS, 3);
      cursor = chunk.next;
      deleted.push(chunk.deleted);
    } while (cursor);
    // Ten keys, three a chunk: the fourth chunk finds no end key and takes the rest.
    expect(deleted).toHaveLength(4);
    expect(deleted.reduce((a, b) => a + b)).toBe(7);
    expect(countRows(db, 'log_message_ids')).toBe(3);
    for (const steps of sweep.plans()) expect(steps).toEqual([expect.stringMatching(/^SEARCH log_message_ids USING PRIMARY KEY \(\(message_id,group_id\)>/)]);
  });

  it('reports a broken table and an unindexed one, purges the others, and retries them next pass', async () => {
    db.exec('CREATE TABLE broken_rollup_hour (begins INTEGER)');
    db.exec('CREATE TABLE slow_rollup_day (start INTEGER, key_id INTEGER, n INTEGER)');
    insertRows(db, 'slow_rollup_day', NOW - 500 * DAY_MS);
    insertRows(db, 'probe_rollup_minute', NOW - 20 * DAY_MS);
    insertRows(db, 'perf_reports', NOW - 40 * DAY_MS);

    const first = await start().runPass(NOW);
    expect(first.failed.sort()).toEqual(['broken_rollup_hour', 'slow_rollup_day']);
    expect(logger.warn.mock.calls.map(([details]) => (details as { table: string }).table).sort()).toEqual(first.failed);
    expect(countRows(db, 'probe_rollup_minute')).toBe(0);
    expect(countRows(db, 'perf_reports')).toBe(0);
    expect(countRows(db, 'slow_rollup_day')).toBe(1);

    db.exec('CREATE INDEX slow_rollup_day_start ON slow_rollup_day (start)');
    const second = await retention.runPass(NOW);
    expect(second.failed).toEqual(['broken_rollup_hour']);
    expect(countRows(db, 'slow_rollup_day')).toBe(0);
  });
});

describe('SQLite store retention', () => {
  let dir: string | undefined;
  afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

  it('runs on its own timer from the store, and close() stops it', async () => {
    dir = mkdtempSync(join(tmpdir(), 'tarmac-retention-'));
    const file = join(dir, 'tarmac.db');
    const logger = { warn: vi.fn() };
    const store = createSqliteStore({ file, retentionRawDays: 30, logger, retention: { firstAfterMs: 0, everyMs: 20 } });
    const now = Date.now();
    await store.ingest.perf.insertPerfReport(perfReport({ id: 'old', receivedAt: now - 31 * DAY_MS }));
    await store.ingest.perf.insertPerfReport(perfReport({ id: 'young', receivedAt: now - 29 * DAY_MS }));
    const reader = new Database(file, { readonly: true });
    try {
      const ids = () => reader.prepare('SELECT client_id FROM perf_reports ORDER BY client_id').pluck().all();
      await vi.waitFor(() => expect(ids()).toEqual(['young']), { timeout: 5_000, interval: 20 });
      await store.close();
      // A pass after close() would fail on the closed connection, and say so.
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(logger.warn).not.toHaveBeenCalled();
    } finally {
      reader.close();
    }
  });
});

describeRetentionConformance('sqlite', async (rawDays) => {
  const db = new Database(':memory:');
  applyMigrations(db);
  for (const table of CONFORMANCE_ROLLUPS) createRollupTable(db, table);
  const writes = createGroupCommit(db);
  const retention = startSqliteRetention(db, writes, { rawDays, logger: { warn: () => {} }, firstAfterMs: 3_600_000 });
  return {
    insertAt: async (table, at) => insertRows(db, table, at),
    count: async (table) => countRows(db, table),
    async purge(now) {
      expect((await retention.runPass(now)).failed).toEqual([]);
    },
    async close() {
      await retention.stop();
      await writes.close();
      db.close();
    },
  };
});
