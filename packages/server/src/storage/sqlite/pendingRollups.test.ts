import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPendingRollups } from './pendingRollups.js';
import type { RollupFold } from './pendingRollups.js';
import { createGroupCommit } from './groupCommit.js';
import type { GroupCommit } from './groupCommit.js';

// A capability of its own: raw rows of a key, and a rollup counting rows per key.
type Counts = Map<string, number>;

function setUp(db: Database.Database): RollupFold<Counts, string> {
  db.exec(`
    CREATE TABLE raw (id INTEGER PRIMARY KEY AUTOINCREMENT, k TEXT NOT NULL);
    CREATE TABLE counted (k TEXT PRIMARY KEY, n INTEGER NOT NULL);
    CREATE TABLE rollup_cursors (name TEXT PRIMARY KEY, last_id INTEGER NOT NULL);
    INSERT INTO rollup_cursors VALUES ('test', 0);
  `);
  const upsert = db.prepare('INSERT INTO counted (k, n) VALUES (?, ?) ON CONFLICT (k) DO UPDATE SET n = n + excluded.n');
  const add = (into: Counts, k: string) => void into.set(k, (into.get(k) ?? 0) + 1);
  return {
    cursor: 'test',
    empty: () => new Map(),
    add,
    merge: (into, from) => from.forEach((n, k) => into.set(k, (into.get(k) ?? 0) + n)),
    write: (counts) => counts.forEach((n, k) => upsert.run(k, n)),
    foldStored(into, afterId) {
      const rows = db.prepare('SELECT id, k FROM raw WHERE id > ? ORDER BY id').all(afterId) as Array<{ id: number; k: string }>;
      rows.forEach((row) => add(into, row.k));
      return { rows: rows.length, lastId: rows.at(-1)?.id ?? afterId };
    },
  };
}

describe('pending rollups', () => {
  let db: Database.Database;
  let writes: GroupCommit;
  let fold: RollupFold<Counts, string>;
  const counted = () => Object.fromEntries(db.prepare('SELECT k, n FROM counted ORDER BY k').raw().all() as Array<[string, number]>);
  const cursor = () => db.prepare(`SELECT last_id FROM rollup_cursors WHERE name = 'test'`).pluck().get();

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    db = new Database(':memory:');
    fold = setUp(db);
    writes = createGroupCommit(db);
  });
  afterEach(() => {
    vi.useRealTimers();
    db.close();
  });

  const insert = (pending: { add(k: string, id: number): void }, k: string) => () => {
    const { lastInsertRowid } = db.prepare('INSERT INTO raw (k) VALUES (?)').run(k);
    pending.add(k, Number(lastInsertRowid));
  };

  it('never counts the items of a group that was rolled back as a whole', async () => {
    const pending = createPendingRollups(db, writes, fold);
    let refuse = true;
    // Registered after the rollups' own hooks, like any other capability's: it fails the first group.
    writes.beforeCommit(() => {
      if (refuse) throw new Error('disk full');
    });
    await expect(Promise.all([writes.run(insert(pending, 'a')), writes.run(insert(pending, 'b'))])).rejects.toThrow('disk full');
    refuse = false;
    await writes.run(insert(pending, 'a'));
    await pending.settle();
    expect(counted()).toEqual({ a: 1 });
    expect(cursor()).toBe(db.prepare('SELECT max(id) FROM raw').pluck().get());
  });

  it("runs a write's after-commit step once its group committed, never after a rollback", async () => {
    const committedWrites: string[][] = [];
    const withStep: RollupFold<Counts, string> = {
      ...fold,
      write(counts) {
        fold.write(counts);
        return () => committedWrites.push([...counts.keys()]);
      },
    };
    const pending = createPendingRollups(db, writes, withStep);
    let refuse = true;
    writes.beforeCommit(() => {
      if (refuse) throw new Error('disk full');
    });
    refuse = false;
    await writes.run(insert(pending, 'a'));
    refuse = true;
    await expect(pending.settle()).rejects.toThrow('disk full'); // written in its savepoint, then the group rolled back
    expect(committedWrites).toEqual([]);
    refuse = false;
    await pending.settle();
    expect(committedWrites).toEqual([['a']]);
    await writes.run(insert(pending, 'b'));
    await writes.close();
    await pending.close(); // the last write, in a transaction of its own
    expect(committedWrites).toEqual([['a'], ['b']]);
    expect(counted()).toEqual({ a: 1, b: 1 });
  });

  it('drops what a rewound savepoint added', async () => {
    const pending = createPendingRollups(db, writes, fold);
    await writes.run(() => {
      insert(pending, 'kept')();
      const mark = pending.mark();
      try {
        db.transaction(() => {
          insert(pending, 'undone')();
          throw new Error('later item failed');
        })();
      } catch {
        pending.rewind(mark);
      }
    });
    await pending.settle();
    expect(counted()).toEqual({ kept: 1 });
  });

  it('writes on its own once the pending items pass the bound, without a read or the timer', async () => {
    const pending = createPendingRollups(db, writes, fold, { maxRows: 3 });
    await writes.run(() => ['x', 'y'].forEach((k) => insert(pending, k)()));
    await new Promise((resolve) => setImmediate(resolve));
    expect(counted()).toEqual({});
    await writes.run(insert(pending, 'x'));
    await vi.waitFor(() => expect(counted()).toEqual({ x: 2, y: 1 }));
  });

  it('does not count again what a committed write held when only its fsync failed', async () => {
    let failSync = false;
    writes = createGroupCommit(db, async () => {
      if (failSync) throw new Error('fsync failed');
    });
    const pending = createPendingRollups(db, writes, fold);
    await writes.run(insert(pending, 'a'));
    failSync = true;
    await expect(pending.settle()).rejects.toThrow('fsync failed');
    failSync = false;
    await writes.run(insert(pending, 'b'));
    await pending.settle();
    expect(counted()).toEqual({ a: 1, b: 1 });
  });

  it('at start, folds the raw rows past the cursor in one transaction, once', () => {
    db.exec(`INSERT INTO raw (k) VALUES ('p'), ('q'), ('p')`);
    db.exec(`UPDATE rollup_cursors SET last_id = 1`); // 'p' of id 1 counted before the crash
    db.exec(`INSERT INTO counted VALUES ('p', 1)`);
    createPendingRollups(db, writes, fold);
    expect(counted()).toEqual({ p: 2, q: 1 });
    expect(cursor()).toBe(3);
    createPendingRollups(db, createGroupCommit(db), fold);
    expect(counted()).toEqual({ p: 2, q: 1 });
  });
});
