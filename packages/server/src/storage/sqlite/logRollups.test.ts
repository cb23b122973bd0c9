import { describe, expect, it } from 'vitest';
import { DAY, logBatch, releaseRecord, T0 } from '../conformance/fixtures.js';
import { createSqliteStore } from './createSqliteStore.js';

describe('SQLite log rollups', () => {
  it.each([true, false])('keeps them only when the store is made with rollups: %s, the group counting either way', async (rollups) => {
    const store = createSqliteStore({ file: ':memory:', rollups });
    try {
      await store.ingest.logs.insertClientLogs(logBatch([releaseRecord('m1', 'r1', { occurrences: 3 })]));
      expect((await store.query.logs.getLogGroup('g-1'))?.group.count).toBe(3);
      const buckets = await store.query.logs.occurrenceBuckets(['g-1'], { from: T0, to: T0 + DAY, bucketMs: DAY }, T0 + DAY);
      expect(buckets).toEqual(rollups ? [{ groupId: 'g-1', release: 'r1', start: T0, count: 3 }] : []);
    } finally {
      await store.close();
    }
  });
});
