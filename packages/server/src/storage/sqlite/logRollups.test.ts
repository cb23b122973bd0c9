import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { DAY, HOUR, logBatch, MINUTE, releaseRecord, T0 } from '../conformance/fixtures.js';
import { createSqliteStore } from './createSqliteStore.js';
import { createSqliteLogRollups } from './logRollups.js';
import { applyMigrations } from './migrate.js';
import { sqliteMigrations } from './migrations/index.js';

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

describe('SQLite migration 18', () => {
  it('rolls up the occurrences counted before it from the minute counts, without a release', async () => {
    const db = new Database(':memory:');
    try {
      applyMigrations(db, sqliteMigrations.filter((m) => m.version < 18));
      db.exec(`INSERT INTO log_groups (group_id, product, level, type, message, count, first_seen, last_seen, stack)
               VALUES ('g-1', 'flights', 4, 'uncaught', 'x', 9, ${T0}, ${T0}, '{}'), ('g-2', 'flights', 4, 'uncaught', 'y', 1, ${T0}, ${T0}, '{}')`);
      const minute = db.prepare('INSERT INTO log_group_minutes (group_id, minute, count) VALUES (?, ?, ?)');
      minute.run('g-1', T0 + 10 * HOUR + 5 * MINUTE, 2);
      minute.run('g-1', T0 + 10 * HOUR + 59 * MINUTE, 3);
      minute.run('g-1', T0 + 30 * HOUR, 4);
      minute.run('g-2', T0 + 10 * HOUR, 1);
      applyMigrations(db);
      const rollups = createSqliteLogRollups(db);
      const read = (bucketMs: number) => rollups.occurrenceBuckets(['g-1'], { from: T0, to: T0 + 2 * DAY, bucketMs }, T0 + 2 * DAY);
      expect(await read(HOUR)).toEqual([
        { groupId: 'g-1', release: null, start: T0 + 10 * HOUR, count: 5 },
        { groupId: 'g-1', release: null, start: T0 + 30 * HOUR, count: 4 },
      ]);
      expect((await read(DAY)).map((b) => [b.start, b.count])).toEqual([[T0, 5], [T0 + DAY, 4]]);
    } finally {
      db.close();
    }
  });
});
