import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { DAY, logBatch, releaseRecord, T0 } from '../conformance/fixtures.js';
import { createSqliteStore } from './createSqliteStore.js';
import { createGroupCommit } from './groupCommit.js';
import { createSqliteLogRollups } from './logRollups.js';
import { applyMigrations } from './migrate.js';

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

describe('SQLite log rollups in a group commit', () => {
  it('sums the items of one group transaction, and drops the deltas of an item that fails', async () => {
    const db = new Database(':memory:');
    applyMigrations(db);
    const rollups = createSqliteLogRollups(db);
    const writes = createGroupCommit(db, undefined, rollups.flush);
    const item = (work: () => void) => writes.run(() => rollups.staged(work));
    const changes = () => db.prepare('SELECT total_changes()').pluck().get() as number;
    try {
      const record = (id: string, occurrences: number) => rollups.record([releaseRecord(id, 'r1', { occurrences })]);
      const before = changes();
      const outcomes = await Promise.allSettled([
        item(() => record('a', 2)),
        item(() => {
          record('b', 5);
          throw new Error('this item fails after counting');
        }),
        item(() => record('c', 3)),
      ]);
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      // One key and one row per level for the three items together.
      expect(changes() - before).toBe(3);
      const read = await rollups.occurrenceBuckets(['g-1'], { from: T0, to: T0 + DAY, bucketMs: DAY }, T0 + DAY);
      expect(read).toEqual([{ groupId: 'g-1', release: 'r1', start: T0, count: 5 }]);
      // Outside a group-commit item, a delta is written at once.
      record('d', 1);
      expect((await rollups.occurrenceBuckets(['g-1'], { from: T0, to: T0 + DAY, bucketMs: DAY }, T0 + DAY))[0]?.count).toBe(6);
    } finally {
      await writes.close();
      db.close();
    }
  });
});
