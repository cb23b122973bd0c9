import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { newClientLog } from '../../testing/fixtures.js';
import type { NewClientLog, Storage } from '../types.js';
import { createSqliteStorage } from './createSqliteStorage.js';
import { migrations } from './migrations.js';

const open: Storage[] = [];
const memory = (perGroup?: number) => {
  const storage = createSqliteStorage({ file: ':memory:', occurrencesPerGroup: perGroup });
  open.push(storage);
  return storage;
};
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

describe('createSqliteStorage', () => {
  it('groups messages and sums occurrences across batches', async () => {
    const storage = memory();
    await storage.insertClientLogs({
      records: [newClientLog({ messageId: 'a', occurrences: 3 }), newClientLog({ messageId: 'b', receivedAt: 2_000 })],
      ignored: 0,
    });
    await storage.insertClientLogs({ records: [newClientLog({ messageId: 'c', receivedAt: 3_000 })], ignored: 0 });
    const { groups } = await storage.listLogGroups({ limit: 100 });
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ groupId: 'g-1', count: 5, firstSeen: 1_000, lastSeen: 3_000 });
    const detail = await storage.getLogGroup('g-1');
    expect(detail?.occurrences.map((o) => o.id)).toEqual(['c', 'b', 'a']);
    expect(detail?.stackTrace).toEqual(['at run (app.js:10:5)']);
  });

  it('does not count a re-sent message id twice', async () => {
    const storage = memory();
    const batch = { records: [newClientLog({ messageId: 'same', occurrences: 2 })], ignored: 0 };
    await storage.insertClientLogs(batch);
    await storage.insertClientLogs(batch);
    const { groups } = await storage.listLogGroups({ limit: 10 });
    expect(groups[0]?.count).toBe(2);
  });

  it('stores all of a batch or nothing when one record fails', async () => {
    const storage = memory();
    // JSON.stringify throws on a BigInt: a failure in the middle of the transaction.
    const poisoned = { ...newClientLog({ messageId: 'b', groupId: 'g-2' }), extraArgs: [10n] } as unknown as NewClientLog;
    await expect(
      storage.insertClientLogs({ records: [newClientLog({ messageId: 'a' }), poisoned], ignored: 4 }),
    ).rejects.toThrow();
    const list = await storage.listLogGroups({ limit: 10 });
    expect(list.groups).toEqual([]);
    expect(list.ignored).toBe(0);
    expect(await storage.getLogGroup('g-1')).toBeNull();
  });

  it('keeps only the newest occurrences of a noisy group but keeps counting', async () => {
    const storage = memory(3);
    const records = Array.from({ length: 5 }, (_, i) => newClientLog({ messageId: `m${i}`, receivedAt: 1_000 + i }));
    await storage.insertClientLogs({ records, ignored: 0 });
    const detail = await storage.getLogGroup('g-1');
    expect(detail?.occurrences.map((o) => o.id)).toEqual(['m4', 'm3', 'm2']);
    expect(detail?.group.count).toBe(5);
  });

  it('filters groups by level, product and text, newest first', async () => {
    const storage = memory();
    await storage.insertClientLogs({
      records: [
        newClientLog({ messageId: '1', groupId: 'warn', level: 3, message: 'Slow Image', receivedAt: 1 }),
        newClientLog({ messageId: '2', groupId: 'err', level: 4, product: 'hotels', receivedAt: 2 }),
        newClientLog({ messageId: '3', groupId: 'file', level: 2, message: 'x', fileName: 'Checkout.js', receivedAt: 3 }),
      ],
      ignored: 2,
    });
    const ids = async (filter: Parameters<Storage['listLogGroups']>[0]) =>
      (await storage.listLogGroups(filter)).groups.map((g) => g.groupId);
    expect(await ids({ limit: 100 })).toEqual(['file', 'err', 'warn']);
    expect(await ids({ limit: 100, level: 3 })).toEqual(['err', 'warn']);
    expect(await ids({ limit: 100, product: 'hotels' })).toEqual(['err']);
    expect(await ids({ limit: 100, q: 'slow image' })).toEqual(['warn']);
    expect(await ids({ limit: 100, q: 'checkout' })).toEqual(['file']);
    expect(await ids({ limit: 1 })).toEqual(['file']);
    const list = await storage.listLogGroups({ limit: 100 });
    expect(list.products).toEqual(['flights', 'hotels']);
    expect(list.ignored).toBe(2);
  });

  it('stores and returns log settings', async () => {
    const storage = memory();
    expect(await storage.getLogSettings()).toBeNull();
    await storage.setLogSettings({ stopLogging: true, ignore: [{ message: 'noise' }] });
    expect(await storage.getLogSettings()).toEqual({ stopLogging: true, ignore: [{ message: 'noise' }] });
  });

  it('migrates a file database once and reopens it with its data', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tarmac-sqlite-'));
    try {
      const file = join(dir, 'tarmac.db');
      const first = createSqliteStorage({ file });
      await first.insertClientLogs({ records: [newClientLog()], ignored: 0 });
      await first.close();
      const second = createSqliteStorage({ file });
      expect((await second.listLogGroups({ limit: 10 })).groups).toHaveLength(1);
      await second.close();
      const db = new Database(file, { readonly: true });
      const versions = db.prepare('SELECT version FROM schema_migrations').pluck().all();
      const mode = db.pragma('journal_mode', { simple: true });
      db.close();
      // Every migration ran once, in order (each capability appends its own).
      expect(versions).toEqual(migrations.map((m) => m.version).sort((a, b) => a - b));
      expect(mode).toBe('wal');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
