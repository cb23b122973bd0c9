import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NewClientLog } from '../../logs/ports.js';
import { newClientLog } from '../../testing/fixtures.js';
import { createGroupCommit, type GroupCommit } from './groupCommit.js';
import { createSqliteLogs } from './logs.js';
import { applyMigrations } from './migrate.js';
import { sqliteMigrations } from './migrations/index.js';

describe('SQLite logs in a group commit', () => {
  let db: Database.Database;
  let writes: GroupCommit;
  const counted: string[][] = [];

  beforeEach(() => {
    db = new Database(':memory:');
    db.function('fold', { deterministic: true }, (text: unknown) => text);
    applyMigrations(db);
    // No WAL sync: every write queued in one turn of the event loop shares one group transaction.
    writes = createGroupCommit(db);
    counted.length = 0;
  });
  afterEach(async () => {
    await writes.close();
    db.close();
  });

  const logs = (writeDrop: () => void = () => {}) =>
    createSqliteLogs(db, writes, {
      onCounted: (records: NewClientLog[]) => counted.push(records.map((r) => r.messageId)),
      writeDrop,
    });
  const batch = (groupId: string, ids: string[], dropped = false) => ({
    records: ids.map((messageId) => newClientLog({ groupId, messageId })),
    ignored: 0,
    ...(dropped ? { dropped: { source: 'logs' as const, id: 'd', product: 'flights', counts: {}, receivedAt: 1 } } : {}),
  });

  it('counts the batches of one group transaction once per group: one update, one delivery, one round of bookkeeping', async () => {
    const { ingest, query } = logs();
    await Promise.all([
      ingest.insertClientLogs(batch('g-1', ['a', 'b'])),
      ingest.insertClientLogs(batch('g-2', ['x'])),
      ingest.insertClientLogs(batch('g-1', ['c', 'a'])), // a: a retry within the same transaction
    ]);
    expect(counted).toEqual([['a', 'b', 'c'], ['x']]);
    expect(db.prepare('SELECT group_id, seq, json_array_length(items) AS n FROM log_deliveries ORDER BY group_id').all()).toEqual([
      { group_id: 'g-1', seq: 0, n: 3 },
      { group_id: 'g-2', seq: 0, n: 1 },
    ]);
    const detail = await query.getLogGroup('g-1');
    expect(detail?.group.count).toBe(3);
    expect(detail?.occurrences.map((o) => o.id)).toEqual(['c', 'b', 'a']);
  });

  it('counts nothing of a batch whose write fails, and the rest of its transaction as usual', async () => {
    const { ingest, query } = logs(() => {
      throw new Error('the drop report cannot be stored');
    });
    const outcomes = await Promise.allSettled([
      ingest.insertClientLogs(batch('g-1', ['a'])),
      ingest.insertClientLogs(batch('g-1', ['b'], true)),
      ingest.insertClientLogs(batch('g-1', ['c'])),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(counted).toEqual([['a', 'c']]);
    expect((await query.getLogGroup('g-1'))?.group.count).toBe(2);
    // Its id was rolled back with it: sent again, it counts.
    await ingest.insertClientLogs(batch('g-1', ['b']));
    expect((await query.getLogGroup('g-1'))?.group.count).toBe(3);
  });

  it('still knows the ids counted before migration 21 keyed them by id first', async () => {
    const fresh = new Database(':memory:');
    try {
      applyMigrations(fresh, sqliteMigrations.filter((m) => m.version < 21));
      fresh.prepare(`INSERT INTO log_message_ids (group_id, message_id, received_at) VALUES ('g-1', 'a', 1000)`).run();
      applyMigrations(fresh);
      expect(fresh.prepare('SELECT message_id, group_id, received_at FROM log_message_ids').all()).toEqual([
        { message_id: 'a', group_id: 'g-1', received_at: 1000 },
      ]);
      const indexes = fresh.prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'log_message_ids'`).pluck().all();
      expect(indexes).toEqual([]); // no index on the time: only the key, id first
      const key = fresh.prepare(`SELECT name FROM pragma_table_info('log_message_ids') WHERE pk > 0 ORDER BY pk`).pluck().all();
      expect(key).toEqual(['message_id', 'group_id']);
    } finally {
      fresh.close();
    }
    // And the store refuses a re-sent id as before.
    const { ingest, query } = logs();
    await ingest.insertClientLogs(batch('g-1', ['a']));
    await ingest.insertClientLogs(batch('g-1', ['a']));
    expect((await query.getLogGroup('g-1'))?.group.count).toBe(1);
  });
});
