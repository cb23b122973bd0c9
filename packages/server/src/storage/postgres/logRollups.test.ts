import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, HOUR, logBatch, releaseRecord, T0 } from '../conformance/fixtures.js';
import type { Store } from '../ports.js';
import { createPostgresStore } from './createPostgresStore.js';
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
