import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StoredDropReport } from '../../drops/contract.js';
import type { NewClientLog } from '../../logs/ports.js';
import { newClientLog } from '../../testing/fixtures.js';
import type { InsertDropReport, PostgresLogPorts } from './logs.js';
import { createPostgresLogPorts } from './logs.js';
import type { MigratedPool } from './testing/migratedPool.js';
import { createMigratedPool } from './testing/migratedPool.js';
import { createPool } from './db.js';

/** A second pool on the test database: another instance of the server. */
const createMigratedPoolOn = (database: MigratedPool) => createPool(database.url, 4);

let db: MigratedPool;
const reports: string[] = [];
// Stands in for the drops adapter: writes the report's id where the test can read it, on the
// batch's own client, and fails on demand, so atomicity with the batch shows.
const insertDropReport: InsertDropReport = async (client, report) => {
  if (report.id === 'poison') throw new Error('drop report refused');
  await client.query('INSERT INTO settings (key, value) VALUES ($1, $2)', [`drop:${report.id}`, report.source]);
  reports.push(report.id);
};
const ports = (occurrencesPerGroup?: number): PostgresLogPorts =>
  createPostgresLogPorts(db.pool, { occurrencesPerGroup, insertDropReport });

beforeAll(async () => {
  db = await createMigratedPool();
});
afterAll(async () => {
  await db?.close();
});
beforeEach(async () => {
  await db.pool.query('TRUNCATE log_groups, log_ignored, ingest_keys, settings, releases CASCADE');
  reports.length = 0;
});

const drop = (id: string): StoredDropReport => ({ id, source: 'logs', product: 'flights', receivedAt: 1_000, counts: { queue_full: 2 } });

describe('PostgreSQL log ports', () => {
  it('groups messages and sums occurrences across batches, newest occurrence first', async () => {
    const logs = ports();
    await logs.ingest.insertClientLogs({
      records: [newClientLog({ messageId: 'a', occurrences: 3 }), newClientLog({ messageId: 'b', receivedAt: 2_000 })],
      ignored: 0,
    });
    await logs.ingest.insertClientLogs({ records: [newClientLog({ messageId: 'c', receivedAt: 3_000, extraArgs: ['x'], context: { n: 1.5, ok: true } })], ignored: 0 });
    const { groups } = await logs.query.listLogGroups({ limit: 100 });
    expect(groups).toEqual([{
      groupId: 'g-1', product: 'flights', level: 4, type: 'uncaught', message: 'TypeError: x is undefined',
      fileName: 'https://example.test/assets/app.js', lineNo: 10, colNo: 5, count: 5, firstSeen: 1_000, lastSeen: 3_000,
    }]);
    const detail = await logs.query.getLogGroup('g-1');
    expect(detail?.occurrences.map((o) => o.id)).toEqual(['c', 'b', 'a']);
    expect(detail?.occurrences[0]).toEqual({
      id: 'c', receivedAt: 3_000, occurrences: 1, url: 'https://example.test/flights', userAgent: 'TestAgent/1.0',
      extraArgs: ['x'], context: { n: 1.5, ok: true },
    });
    expect(detail?.stackTrace).toEqual(['at run (app.js:10:5)']);
    expect(detail?.parsedStackTrace).toEqual([{ functionName: 'run', fileName: 'app.js', lineNo: 10, colNo: 5 }]);
    expect(await logs.query.getLogGroup('nope')).toBeNull();
  });

  it('counts a message id once across batches and within one, keeping the newest non-empty stack', async () => {
    const logs = ports();
    const noStack = { stackTrace: [], parsedStackTrace: [] };
    const batch = {
      records: [
        newClientLog({ messageId: 'a', stackTrace: ['first'] }),
        newClientLog({ messageId: 'b', stackTrace: ['second'], occurrences: 2 }),
        newClientLog({ messageId: 'a', stackTrace: ['repeat of a'] }),
        newClientLog({ messageId: 'c', ...noStack }),
      ],
      ignored: 0,
    };
    await logs.ingest.insertClientLogs(batch);
    await logs.ingest.insertClientLogs(batch);
    const detail = await logs.query.getLogGroup('g-1');
    expect(detail?.group.count).toBe(4);
    expect(detail?.occurrences.map((o) => o.id)).toEqual(['c', 'b', 'a']);
    expect(detail?.stackTrace).toEqual(['second']);
  });

  it('counts each message once when the same batch arrives on several connections at once', async () => {
    const logs = ports();
    const records = Array.from({ length: 20 }, (_, i) => newClientLog({ messageId: `m${i}`, groupId: `g${i % 3}`, occurrences: 2 }));
    await Promise.all(Array.from({ length: 4 }, () => logs.ingest.insertClientLogs({ records, ignored: 0 })));
    const { groups } = await logs.query.listLogGroups({ limit: 10 });
    expect(groups.map((g) => [g.groupId, g.count]).sort()).toEqual([['g0', 14], ['g1', 14], ['g2', 12]]);
    const { rows } = await db.pool.query('SELECT count(*) AS n FROM log_occurrences');
    expect(rows[0].n).toBe(20);
  });

  it('takes batches over the same groups from two pools at once without a deadlock or a lost count', async () => {
    // Two pools of their own (two instances); their backends report deadlocks when they end.
    const pools = [createMigratedPoolOn(db), createMigratedPoolOn(db)];
    const writers = pools.map((pool) => createPostgresLogPorts(pool, { insertDropReport }));
    const deadlocks = async () => (await db.pool.query('SELECT deadlocks FROM pg_stat_database WHERE datname = current_database()')).rows[0].deadlocks as number;
    const before = await deadlocks();
    // Each batch names the groups in its own order, with releases new and old, and every batch is sent twice.
    const batches = Array.from({ length: 24 }, (_, b) => ({
      records: Array.from({ length: 12 }, (_, i) => newClientLog({
        messageId: `b${b}-${i}`, groupId: `g${(b * 7 + i * 5) % 6}`, occurrences: 1 + (i % 3), context: { r9Version: `r${(b + i) % 4}` },
      })),
      ignored: 1,
    }));
    await Promise.all([...batches, ...batches].map((batch, i) => writers[i % 2]!.ingest.insertClientLogs(batch)));
    await Promise.all(pools.map((pool) => pool.end()));
    const { groups, ignored } = await ports().query.listLogGroups({ limit: 10 });
    const expected = batches.flatMap((b) => b.records).reduce((sum, r) => sum + r.occurrences, 0);
    expect(groups.reduce((sum, g) => sum + g.count, 0)).toBe(expected);
    expect(ignored).toBe(48); // what rules dropped is counted per delivery, retried or not
    expect(await deadlocks()).toBe(before);
    const { rows } = await db.pool.query('SELECT sum(count) AS n FROM log_group_releases');
    expect(rows[0].n).toBe(expected);
  });

  it('stores the batch, its ignored count and its drop report all together, or none of them', async () => {
    const logs = ports();
    await expect(
      logs.ingest.insertClientLogs({ records: [newClientLog({ messageId: 'a' })], ignored: 4, dropped: drop('poison') }),
    ).rejects.toThrow('drop report refused');
    let list = await logs.query.listLogGroups({ limit: 10 });
    expect(list).toEqual({ groups: [], products: [], ignored: 0 });
    // The keys went with the rollback: the retry is stored, as new.
    await logs.ingest.insertClientLogs({ records: [newClientLog({ messageId: 'a' })], ignored: 4, dropped: drop('r1') });
    list = await logs.query.listLogGroups({ limit: 10 });
    expect(list.groups.map((g) => g.count)).toEqual([1]);
    expect(list.ignored).toBe(4);
    expect(reports).toEqual(['r1']);
  });

  it('keeps a ring of the newest occurrences per group, however they arrive, and keeps counting', async () => {
    const logs = ports(3);
    const one = (i: number): NewClientLog => newClientLog({ messageId: `m${i}`, receivedAt: 1_000 + i });
    await logs.ingest.insertClientLogs({ records: [0, 1, 2, 3, 4].map(one), ignored: 0 });
    expect((await logs.query.getLogGroup('g-1'))?.occurrences.map((o) => o.id)).toEqual(['m4', 'm3', 'm2']);
    await logs.ingest.insertClientLogs({ records: [one(5)], ignored: 0 });
    await logs.ingest.insertClientLogs({ records: [6, 7].map(one), ignored: 0 });
    const detail = await logs.query.getLogGroup('g-1');
    expect(detail?.occurrences.map((o) => o.id)).toEqual(['m7', 'm6', 'm5']);
    expect(detail?.group.count).toBe(8);
    const { rows } = await db.pool.query('SELECT slot, seq FROM log_occurrences ORDER BY slot');
    expect(rows).toEqual([{ slot: 0, seq: 6 }, { slot: 1, seq: 7 }, { slot: 2, seq: 5 }]);
  });

  it('shows the newest 50 occurrences of a group', async () => {
    const logs = ports();
    const records = Array.from({ length: 60 }, (_, i) => newClientLog({ messageId: `m${i}`, receivedAt: i }));
    await logs.ingest.insertClientLogs({ records, ignored: 0 });
    expect((await logs.query.getLogGroup('g-1'))?.occurrences.map((o) => o.id)).toEqual(Array.from({ length: 50 }, (_, i) => `m${59 - i}`));
  });

  it('filters groups by level, product and text, newest first, and sums what rules dropped', async () => {
    const logs = ports();
    await logs.ingest.insertClientLogs({
      records: [
        newClientLog({ messageId: '1', groupId: 'warn', level: 3, message: 'Slow Image', receivedAt: 1 }),
        newClientLog({ messageId: '2', groupId: 'err', level: 4, product: 'hotels', receivedAt: 2 }),
        newClientLog({ messageId: '3', groupId: 'file', level: 2, message: 'x', fileName: 'Checkout.js', receivedAt: 3 }),
      ],
      ignored: 2,
    });
    await logs.ingest.insertClientLogs({ records: [], ignored: 5 });
    const ids = async (filter: { level?: number; product?: string; q?: string; limit: number }) =>
      (await logs.query.listLogGroups(filter)).groups.map((g) => g.groupId);
    expect(await ids({ limit: 100 })).toEqual(['file', 'err', 'warn']);
    expect(await ids({ limit: 100, level: 3 })).toEqual(['err', 'warn']);
    expect(await ids({ limit: 100, product: 'hotels' })).toEqual(['err']);
    expect(await ids({ limit: 100, q: 'slow image' })).toEqual(['warn']);
    expect(await ids({ limit: 100, q: 'checkout' })).toEqual(['file']);
    expect(await ids({ limit: 1 })).toEqual(['file']);
    const list = await logs.query.listLogGroups({ limit: 100 });
    expect(list.products).toEqual(['flights', 'hotels']);
    expect(list.ignored).toBe(7);
  });

  it('orders ties and products by their bytes, as SQLite does', async () => {
    const logs = ports();
    const names = ['b', 'B', 'a', '_'];
    await logs.ingest.insertClientLogs({
      records: names.map((name, i) => newClientLog({ messageId: `m${i}`, groupId: name, product: name })),
      ignored: 0,
    });
    const list = await logs.query.listLogGroups({ limit: 10 });
    expect(list.groups.map((g) => g.groupId)).toEqual(['B', '_', 'a', 'b']);
    expect(list.products).toEqual(['B', '_', 'a', 'b']);
  });

  it('keeps text holding U+0000, which PostgreSQL text cannot hold, as sent, and finds it by its other words', async () => {
    const logs = ports();
    const odd = 'bad\0byte \uD83D';
    await logs.ingest.insertClientLogs({
      records: [newClientLog({ message: odd, fileName: null, url: `https://example.test/${odd}`, userAgent: odd, extraArgs: [odd], context: { k: odd } })],
      ignored: 0,
    });
    const detail = await logs.query.getLogGroup('g-1');
    expect(detail?.group).toMatchObject({ message: odd, fileName: null });
    expect(detail?.occurrences[0]).toMatchObject({ url: `https://example.test/${odd}`, userAgent: odd, extraArgs: [odd], context: { k: odd } });
    expect((await logs.query.listLogGroups({ q: 'byte', limit: 10 })).groups.map((g) => g.message)).toEqual([odd]);
    const { rows } = await db.pool.query('SELECT message, exact FROM log_groups');
    expect(rows).toEqual([{ message: 'bad\uFFFDbyte \uFFFD', exact: { message: odd } }]);
  });

  it('writes several batches in the caller’s transaction', async () => {
    const logs = ports();
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      await logs.writeLogBatches(client, [
        { records: [newClientLog({ messageId: 'a' })], ignored: 1, dropped: drop('r1') },
        { records: [newClientLog({ messageId: 'a' }), newClientLog({ messageId: 'b', groupId: 'g-2' })], ignored: 2 },
      ]);
      expect((await logs.query.listLogGroups({ limit: 10 })).groups).toEqual([]); // not committed yet
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    const list = await logs.query.listLogGroups({ limit: 10 });
    expect(list.groups.map((g) => [g.groupId, g.count])).toEqual([['g-1', 1], ['g-2', 1]]);
    expect(list.ignored).toBe(3);
    expect(reports).toEqual(['r1']);
  });
});
