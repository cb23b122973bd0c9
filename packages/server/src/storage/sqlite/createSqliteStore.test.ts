import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newClientLog } from '../../testing/fixtures.js';
import type { Store } from '../ports.js';
import { createSqliteStore } from './createSqliteStore.js';
import { applyMigrations } from './migrate.js';
import { sqliteMigrations as migrations } from './migrations/index.js';

const open: Store[] = [];
const dirs: string[] = [];
const onDisk = () => {
  const dir = mkdtempSync(join(tmpdir(), 'tarmac-sqlite-'));
  dirs.push(dir);
  return join(dir, 'tarmac.db');
};
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const hasStrace = spawnSync('strace', ['-V']).status === 0;

/** What strace, attached to this process with `options`, reports while `work` runs. */
async function traced(options: string[], work: () => Promise<void>): Promise<string> {
  const strace = spawn('strace', [...options, '-p', String(process.pid)], { stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  const attached = new Promise<void>((resolve, reject) => {
    strace.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (/attached/.test(output)) resolve();
    });
    strace.once('exit', () => reject(new Error(`strace ended before attaching: ${output}`)));
  });
  await attached;
  await work();
  const exited = new Promise((resolve) => strace.once('exit', resolve));
  strace.kill('SIGINT');
  await exited;
  return output;
}

/**
 * Counts the fsync and fdatasync calls this process makes while `work` runs: what reaches the
 * disk, not what the code believes it asked for.
 */
async function countDiskSyncs(work: () => Promise<void>): Promise<number> {
  const output = await traced(['-f', '-c', '-e', 'trace=fsync,fdatasync'], work);
  return [...output.matchAll(/^\s*[\d.]+\s+[\d.]+\s+\d+\s+(\d+)\s+(?:\d+\s+)?(?:fsync|fdatasync)$/gm)]
    .reduce((sum, match) => sum + Number(match[1]), 0);
}

const batchOf = (i: number) => ({ records: [newClientLog({ messageId: `m${i}`, groupId: `g${i % 4}` })], ignored: 0 });

// What every engine must do is proven by the conformance suites (../conformance, run on SQLite by
// conformance.test.ts); these are the SQLite adapter's own: the ring's rows on disk, old files
// migrated, fsyncs, id sweeps.
describe('createSqliteStore', () => {
  it('knows a re-sent message until retention forgets its id, then counts it again', async () => {
    const file = onDisk();
    // Retention's first pass soon after start; ids received in 1970 are past any horizon.
    const storage = createSqliteStore({ file, retention: { firstAfterMs: 200, everyMs: 3_600_000 } });
    open.push(storage);
    const old = { records: [newClientLog({ messageId: 'old', receivedAt: 1_000 })], ignored: 0 };
    await storage.ingest.logs.insertClientLogs(old);
    await storage.ingest.logs.insertClientLogs(old);
    expect((await storage.query.logs.getLogGroup('g-1'))?.group.count).toBe(1);
    const reader = new Database(file, { readonly: true });
    try {
      await vi.waitFor(() => expect(reader.prepare('SELECT count(*) FROM log_message_ids').pluck().get()).toBe(0), { timeout: 5_000 });
    } finally {
      reader.close();
    }
    // Forgotten: sent again, it is new, and the ring shows both copies.
    await storage.ingest.logs.insertClientLogs(old);
    const detail = await storage.query.logs.getLogGroup('g-1');
    expect(detail?.group.count).toBe(2);
    expect(detail?.occurrences.map((o) => o.id)).toEqual(['old', 'old']);
  });

  it('keeps a ring of the newest deliveries per group, each up to 50 occurrences, the newest 50 shown', async () => {
    const file = onDisk();
    const storage = createSqliteStore({ file, occurrencesPerGroup: 3 });
    open.push(storage);
    // Five deliveries of g-1 (one batch each: awaited one by one, no two share a transaction).
    for (let i = 0; i < 5; i++) {
      const records = Array.from({ length: 60 }, (_, j) => newClientLog({ messageId: `m${i * 60 + j}`, receivedAt: i * 60 + j }));
      await storage.ingest.logs.insertClientLogs({ records, ignored: 0 });
    }
    await storage.ingest.logs.insertClientLogs({ records: [newClientLog({ messageId: 'other', groupId: 'g-2' })], ignored: 0 });
    const detail = await storage.query.logs.getLogGroup('g-1');
    expect(detail?.group.count).toBe(300);
    expect(detail?.occurrences.map((o) => o.id)).toEqual(Array.from({ length: 50 }, (_, i) => `m${299 - i}`));
    const db = new Database(file, { readonly: true });
    const kept = db.prepare(`SELECT group_id, slot, seq, json_array_length(items) AS n, items ->> '$[0].id' AS first
                               FROM log_deliveries ORDER BY group_id, seq`).all();
    db.close();
    // The ring of three: deliveries 2, 3, 4 of g-1 in the slots seq mod 3, each its newest 50.
    expect(kept).toEqual([
      { group_id: 'g-1', slot: 2, seq: 2, n: 50, first: 'm130' },
      { group_id: 'g-1', slot: 0, seq: 3, n: 50, first: 'm190' },
      { group_id: 'g-1', slot: 1, seq: 4, n: 50, first: 'm250' },
      { group_id: 'g-2', slot: 0, seq: 0, n: 1, first: 'other' },
    ]);
  });

  it('migration 8 carries the newest 200 occurrences of each group into the ring, and migration 20 each into a delivery', async () => {
    const file = onDisk();
    const db = new Database(file);
    applyMigrations(db, migrations.filter((m) => m.version < 8));
    const group = db.prepare(`INSERT INTO log_groups (group_id, product, level, type, message, count, first_seen, last_seen, stack)
                              VALUES (?, 'flights', 4, 'log', 'x', ?, 1, 1, '{}')`);
    group.run('big', 205);
    group.run('small', 2);
    const old = db.prepare(`INSERT INTO log_occurrences (group_id, message_id, received_at, occurrences, url, extra_args, context)
                            VALUES (?, ?, ?, 1, 'https://example.test/', '["x"]', '{"k":1}')`);
    db.transaction(() => {
      for (let i = 0; i < 205; i++) old.run('big', `b${i}`, i);
      old.run('small', 's0', 0);
      old.run('small', 's1', 1);
    })();
    db.close();
    const storage = createSqliteStore({ file });
    open.push(storage);
    const big = await storage.query.logs.getLogGroup('big');
    expect(big?.occurrences.map((o) => o.id)).toEqual(Array.from({ length: 50 }, (_, i) => `b${204 - i}`));
    expect(big?.occurrences[0]).toEqual({ id: 'b204', receivedAt: 204, occurrences: 1, url: 'https://example.test/', userAgent: null, extraArgs: ['x'], context: { k: 1 } });
    expect((await storage.query.logs.getLogGroup('small'))?.occurrences.map((o) => o.id)).toEqual(['s1', 's0']);
    // The next delivery takes the slot of the oldest one kept (b5), and a re-sent b204 is not new.
    await storage.ingest.logs.insertClientLogs({ records: [newClientLog({ groupId: 'big', messageId: 'b205' }), newClientLog({ groupId: 'big', messageId: 'b204' })], ignored: 0 });
    const after = new Database(file, { readonly: true });
    const ids = after.prepare(`SELECT items ->> '$[0].id' FROM log_deliveries WHERE group_id = 'big' ORDER BY seq`).pluck().all();
    after.close();
    expect(ids).toEqual(Array.from({ length: 200 }, (_, i) => `b${i + 6}`));
    expect((await storage.query.logs.getLogGroup('big'))?.group.count).toBe(206);
  });

  it.skipIf(!hasStrace)('syncs every commit to disk, and concurrent writes share commits', async () => {
    const storage = createSqliteStore({ file: onDisk() });
    open.push(storage);
    await storage.ingest.logs.insertClientLogs(batchOf(-1)); // the schema is in place before counting
    // One at a time, each write is its own commit, answered after its own fsync of the WAL.
    const alone = await countDiskSyncs(async () => {
      for (let i = 0; i < 40; i++) await storage.ingest.logs.insertClientLogs(batchOf(i));
    });
    // Forty at once share group commits: still synced, in fewer fsyncs than writes.
    const together = await countDiskSyncs(async () => {
      await Promise.all(Array.from({ length: 40 }, (_, i) => storage.ingest.logs.insertClientLogs(batchOf(100 + i))));
    });
    // One fsync per commit: at least one each, and not a second one inside SQLite's COMMIT.
    expect(alone).toBeGreaterThanOrEqual(40);
    expect(alone).toBeLessThan(80);
    expect(together).toBeGreaterThanOrEqual(1);
    expect(together).toBeLessThan(40);
    expect((await storage.query.logs.listLogGroups({ limit: 10 })).groups.reduce((n, g) => n + g.count, 0)).toBe(81);
  });

  it('counts a batch delivered three times at once on disk once: the first commits at once, the others group', async () => {
    const storage = createSqliteStore({ file: onDisk() });
    open.push(storage);
    const batch = { records: [newClientLog({ messageId: 'thrice', occurrences: 3 }), newClientLog({ messageId: 'other', groupId: 'g-2' })], ignored: 0 };
    await Promise.all([1, 2, 3].map(() => storage.ingest.logs.insertClientLogs(batch)));
    expect((await storage.query.logs.getLogGroup('g-1'))?.group.count).toBe(3);
    expect((await storage.query.logs.getLogGroup('g-1'))?.occurrences.map((o) => o.id)).toEqual(['thrice']);
    expect((await storage.query.logs.getLogGroup('g-2'))?.group.count).toBe(1);
  });

  it('stores analytics bodies sent at once on disk, the first committed at once and the others grouped', async () => {
    const storage = createSqliteStore({ file: onDisk() });
    open.push(storage);
    const now = Date.now();
    const body = (n: number) => [{ id: `disk-${n}`, type: 'pageview' as const, path: '/vs/page/flights', timestamp: now, receivedAt: now }];
    await Promise.all([1, 2, 3, 4].map((n) => storage.ingest.analytics.insertAnalyticsHits(body(n))));
    const counts = await storage.query.analytics.countAnalytics({ from: now - 60_000, to: now + 60_000 }, 'path', 5);
    expect(counts.map((c) => [c.key, c.pageViews])).toEqual([['/vs/page/flights', 4]]);
  });

  it.skipIf(!hasStrace)('keeps the journal of its savepoints in memory: a big batch writes no temp file', async () => {
    const storage = createSqliteStore({ file: onDisk() });
    open.push(storage);
    await storage.ingest.logs.insertClientLogs(batchOf(-1));
    // 100 messages of 10 groups, each text long enough to touch many pages: far past the 64 KiB
    // after which SQLite moves a savepoint's journal to a temp file (named etilqs_…) by default.
    const records = Array.from({ length: 100 }, (_, i) =>
      newClientLog({ messageId: `big-${i}`, groupId: `g${i % 10}`, extraArgs: ['x'.repeat(900 + i)] }));
    const output = await traced(['-f', '-y', '-e', 'trace=openat,pwrite64'], async () => {
      await storage.ingest.logs.insertClientLogs({ records, ignored: 0 });
    });
    expect(output).toMatch(/pwrite64\(\d+<[^>]*tarmac\.db-wal>/); // the trace saw the batch's writes
    expect(output).not.toMatch(/etilqs_/);
  });

  it('migrates a file database once and reopens it with its data', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tarmac-sqlite-'));
    try {
      const file = join(dir, 'tarmac.db');
      const first = createSqliteStore({ file });
      await first.ingest.logs.insertClientLogs({ records: [newClientLog()], ignored: 0 });
      await first.close();
      const second = createSqliteStore({ file });
      expect((await second.query.logs.listLogGroups({ limit: 10 })).groups).toHaveLength(1);
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
