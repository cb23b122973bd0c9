import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, HOUR, logBatch, MINUTE, releaseRecord, T0 } from '../conformance/fixtures.js';
import type { Store } from '../ports.js';
import { createPostgresStore } from './createPostgresStore.js';
import { createPool } from './db.js';
import { createPostgresLogRollups } from './logRollups.js';
import { migrate } from './migrations/migrate.js';
import { migrations } from './migrations/index.js';
import { createTestDatabase, type TestDatabase } from './testing/testDatabase.js';

// What the conformance suite cannot see: instances (each its own pool and key cache) racing on
// the same new rollup keys and rows, and a store that keeps no rollups.
describe('PostgreSQL log rollups across instances', () => {
  let database: TestDatabase;
  let instances: Store[] = [];
  let plain: Store;

  beforeAll(async () => {
    database = await createTestDatabase();
    instances = await Promise.all([1, 2, 3].map(() => createPostgresStore({ url: database.url, poolSize: 4 })));
    plain = await createPostgresStore({ url: database.url, poolSize: 2, rollups: false });
  });
  afterAll(async () => {
    await Promise.all([...instances, plain].map((store) => store?.close()));
    await database?.drop();
  }, 60_000);

  const day = { from: T0, to: T0 + DAY, bucketMs: DAY };
  const total = async (groupIds: string[]) =>
    (await instances[0]!.query.logs.occurrenceBuckets(groupIds, day, T0 + 2 * DAY)).reduce((n, b) => n + b.count, 0);

  it('counts every message once when instances write new keys and the same rows at once, in opposite orders', async () => {
    const groups = ['race-a', 'race-b', 'race-c', 'race-d'];
    const batches = instances.flatMap((_, i) =>
      [0, 1, 2, 3].map((j) => {
        const order = (i + j) % 2 === 0 ? groups : [...groups].reverse();
        return logBatch(order.map((groupId, k) => releaseRecord(`m-${i}-${j}-${k}`, `r${groups.indexOf(groupId) % 2}`, { groupId, receivedAt: T0 + HOUR, occurrences: 2 })));
      }),
    );
    await Promise.all(batches.map((batch, n) => instances[n % instances.length]!.ingest.logs.insertClientLogs(batch)));
    // The same batches again, through the other instances: nothing more counts.
    await Promise.all(batches.map((batch, n) => instances[(n + 1) % instances.length]!.ingest.logs.insertClientLogs(batch)));
    expect(await total(groups)).toBe(batches.length * groups.length * 2);
    const perGroup = await instances[1]!.query.logs.occurrenceBuckets(['race-a'], day, T0 + 2 * DAY);
    expect(perGroup.map((b) => [b.release, b.count])).toEqual([['r0', batches.length * 2]]);
  });

  it('keeps no rollups with `rollups: false`, while the group still counts', async () => {
    await plain.ingest.logs.insertClientLogs(logBatch([releaseRecord('quiet-1', 'r1', { groupId: 'quiet', occurrences: 3 })]));
    expect((await plain.query.logs.getLogGroup('quiet'))?.group.count).toBe(3);
    expect(await total(['quiet'])).toBe(0);
  });
});

describe('PostgreSQL migration 13', () => {
  it('rolls up the occurrences counted before it from the minute counts, without a release', async () => {
    const database = await createTestDatabase();
    const pool = createPool(database.url, 2);
    try {
      await migrate(pool, migrations.filter((m) => m.version < 13));
      await pool.query(`INSERT INTO log_groups (group_id, product, level, type, message, count, first_seen, last_seen, stack)
                        VALUES ('g-1', 'flights', 4, 'uncaught', 'x', 9, $1, $1, '{}'), ('g-2', 'flights', 4, 'uncaught', 'y', 1, $1, $1, '{}')`, [T0]);
      await pool.query(
        'INSERT INTO log_group_minutes (group_id, minute, count) SELECT * FROM unnest($1::text[], $2::bigint[], $3::bigint[])',
        [['g-1', 'g-1', 'g-1', 'g-2'], [T0 + 10 * HOUR + 5 * MINUTE, T0 + 10 * HOUR + 59 * MINUTE, T0 + 30 * HOUR, T0 + 10 * HOUR], [2, 3, 4, 1]],
      );
      await migrate(pool, migrations);
      const read = (bucketMs: number) =>
        createPostgresLogRollups().occurrenceBuckets(pool, ['g-1'], { from: T0, to: T0 + 2 * DAY, bucketMs }, T0 + 2 * DAY);
      expect(await read(HOUR)).toEqual([
        { groupId: 'g-1', release: null, start: T0 + 10 * HOUR, count: 5 },
        { groupId: 'g-1', release: null, start: T0 + 30 * HOUR, count: 4 },
      ]);
      expect((await read(DAY)).map((b) => [b.start, b.count])).toEqual([[T0, 5], [T0 + DAY, 4]]);
    } finally {
      await pool.end();
      await database.drop();
    }
  }, 60_000);
});
