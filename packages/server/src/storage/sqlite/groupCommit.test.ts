import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Statement } from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGroupCommit, walSyncer } from './groupCommit.js';

let dir: string;
let db: Database.Database;
/** A second connection: it sees only what the first has committed. */
let reader: Database.Database;
let commits: number;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tarmac-group-'));
  db = new Database(join(dir, 'test.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('synchronous = FULL');
  db.exec(`CREATE TABLE parent (id INTEGER PRIMARY KEY);
           CREATE TABLE items (name TEXT NOT NULL UNIQUE,
                               parent INTEGER REFERENCES parent (id) DEFERRABLE INITIALLY DEFERRED)`);
  reader = new Database(join(dir, 'test.db'), { readonly: true });
  // Counts COMMIT statements run on the connection, independently of the committer's own stats.
  commits = 0;
  const prepare = db.prepare.bind(db);
  db.prepare = ((source: string) => {
    const statement = prepare(source);
    if (source.trim().toUpperCase() !== 'COMMIT') return statement;
    const run = statement.run.bind(statement);
    statement.run = ((...args: unknown[]) => {
      const result = run(...(args as []));
      commits++;
      return result;
    }) as Statement['run'];
    return statement;
  }) as typeof db.prepare;
});
afterEach(() => {
  reader.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const insert = (name: string, parent: number | null = null) => () =>
  db.prepare('INSERT INTO items (name, parent) VALUES (?, ?)').run(name, parent).changes;
const committedNames = () => reader.prepare('SELECT name FROM items ORDER BY name').pluck().all();

describe('createGroupCommit', () => {
  it('commits concurrent writes in fewer transactions than writes, each answered after its commit', async () => {
    const group = createGroupCommit(db);
    const names = Array.from({ length: 20 }, (_, i) => `item-${String(i).padStart(2, '0')}`);
    const seenAtResolve: unknown[][] = [];
    const writes = names.map((name) =>
      group.run(insert(name)).then((changes) => {
        // What another connection sees when this caller is answered: the write is committed.
        seenAtResolve.push(committedNames());
        return changes;
      }),
    );
    expect(committedNames()).toEqual([]); // queued, not yet written
    expect(await Promise.all(writes)).toEqual(names.map(() => 1));
    expect(commits).toBeGreaterThan(0);
    expect(commits).toBeLessThan(names.length);
    expect(group.stats).toEqual({ transactions: commits, items: names.length, syncs: 0 });
    seenAtResolve.forEach((seen) => expect(seen).toEqual(names));
  });

  it('rolls back and rejects only the write that failed', async () => {
    const group = createGroupCommit(db);
    const failing = group.run(() => {
      insert('half-done')();
      throw new Error('bad batch');
    });
    const results = await Promise.allSettled([
      group.run(insert('a')),
      failing,
      group.run(insert('a')), // a UNIQUE violation from SQLite itself
      group.run(insert('b')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    await expect(failing).rejects.toThrow('bad batch');
    expect(committedNames()).toEqual(['a', 'b']);
    expect(commits).toBe(1);
  });

  it('rejects every write of a group whose COMMIT fails, and commits the next group', async () => {
    const group = createGroupCommit(db);
    // A deferred foreign key is checked at COMMIT: the whole group fails there.
    const results = await Promise.allSettled([group.run(insert('x')), group.run(insert('orphan', 42))]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(committedNames()).toEqual([]);
    expect(db.inTransaction).toBe(false);
    await group.run(insert('y'));
    expect(committedNames()).toEqual(['y']);
    expect(group.stats).toEqual({ transactions: 1, items: 1, syncs: 0 });
  });

  it('tells afterGroup hooks whether each group committed, before its callers are answered', async () => {
    const group = createGroupCommit(db);
    const ended: Array<[boolean, unknown[]]> = [];
    group.afterGroup((committed) => ended.push([committed, committedNames()]));
    const answered = group.run(insert('x')).then(() => ended.length);
    await expect(answered).resolves.toBe(1);
    // A COMMIT that fails (the deferred foreign key): the hook hears of it, with nothing committed.
    await expect(group.run(insert('orphan', 42))).rejects.toThrow();
    expect(ended).toEqual([
      [true, ['x']],
      [false, ['x']],
    ]);
  });

  it('commits what is queued on close and refuses writes after it', async () => {
    const group = createGroupCommit(db);
    const queued = group.run(insert('last'));
    const closed = group.close();
    expect(committedNames()).toEqual(['last']);
    await closed;
    await expect(queued).resolves.toBe(1);
    await expect(group.run(insert('late'))).rejects.toThrow(/closed/);
  });

  it('resolves with what the work returned, including a settled promise from an async store', async () => {
    const group = createGroupCommit(db);
    const value = await group.run(async () => insert('async')() + 41);
    expect(value).toBe(42);
    expect(committedNames()).toEqual(['async']);
  });
});

/** A WAL sync the test finishes by hand, recording the connection's synchronous level at each call. */
function manualSync() {
  const calls: { finish: (error?: Error) => void; synchronous: unknown }[] = [];
  const sync = () =>
    new Promise<void>((resolve, reject) => {
      calls.push({ finish: (error) => (error ? reject(error) : resolve()), synchronous: db.pragma('synchronous', { simple: true }) });
    });
  return { sync, calls };
}
const settled = async (promises: Promise<unknown>[]) => {
  const states = promises.map(() => 'pending');
  promises.forEach((p, i) => p.then(() => (states[i] = 'resolved'), () => (states[i] = 'rejected')));
  await new Promise((resolve) => setImmediate(resolve));
  return states;
};

describe('createGroupCommit with a WAL sync', () => {
  it('commits a write at once when no fsync is in flight, answering it only after its own', async () => {
    const { sync, calls } = manualSync();
    const group = createGroupCommit(db, sync);
    const write = group.run(insert('a'));
    // Committed and its fsync started before run() returned, with no turn of the event loop.
    expect(committedNames()).toEqual(['a']);
    expect(calls).toHaveLength(1);
    expect(await settled([write])).toEqual(['pending']);
    calls[0]?.finish();
    expect(await settled([write])).toEqual(['resolved']);
    expect(group.stats).toEqual({ transactions: 1, items: 1, syncs: 1 });
  });

  it('groups the writes queued while an fsync is in flight, their own fsync started at once', async () => {
    const { sync, calls } = manualSync();
    const group = createGroupCommit(db, sync);
    const first = group.run(insert('a'));
    const next = [group.run(insert('b')), group.run(insert('c'))];
    expect(committedNames()).toEqual(['a']); // b and c wait for the event loop's turn
    expect(await settled([first, ...next])).toEqual(['pending', 'pending', 'pending']);
    expect(committedNames()).toEqual(['a', 'b', 'c']); // committed together, not yet answered
    // The group did not wait for the first fsync to end; and that fsync, begun before the
    // group's COMMIT, never answers it.
    expect(calls).toHaveLength(2);
    calls[0]?.finish();
    expect(await settled([first, ...next])).toEqual(['resolved', 'pending', 'pending']);
    calls[1]?.finish();
    expect(await settled(next)).toEqual(['resolved', 'resolved']);
    expect(group.stats).toEqual({ transactions: 2, items: 3, syncs: 2 });
    // Nothing in flight any more: the next write is committed at once again.
    const last = group.run(insert('d'));
    expect(committedNames()).toEqual(['a', 'b', 'c', 'd']);
    calls[2]?.finish();
    await expect(last).resolves.toBe(1);
  });

  it('a write queued by another write joins the next group, not the transaction in progress', async () => {
    const { sync, calls } = manualSync();
    const group = createGroupCommit(db, sync);
    let inner: Promise<number> | undefined;
    const outer = group.run(() => {
      inner = group.run(insert('inner'));
      return insert('outer')();
    });
    expect(committedNames()).toEqual(['outer']);
    await settled([outer]);
    expect(committedNames()).toEqual(['inner', 'outer']);
    expect(group.stats.transactions).toBe(2);
    for (const call of calls) call.finish();
    await expect(inner).resolves.toBe(1);
  });

  it('never commits at once inside a transaction it did not open, which stays intact', async () => {
    const { sync, calls } = manualSync();
    const group = createGroupCommit(db, sync);
    let queued: Promise<number> | undefined;
    db.transaction(() => {
      insert('outer')();
      queued = group.run(insert('inner'));
    })();
    expect(committedNames()).toEqual(['outer']);
    await settled([queued as Promise<number>]);
    expect(committedNames()).toEqual(['inner', 'outer']);
    calls[0]?.finish();
    await expect(queued).resolves.toBe(1);
  });

  it('answers a later group when its own fsync ends, even before an earlier one does', async () => {
    const { sync, calls } = manualSync();
    const group = createGroupCommit(db, sync);
    const early = group.run(insert('a'));
    await settled([early]);
    const late = group.run(insert('b'));
    await settled([late]);
    calls[1]?.finish(); // covers both commits, since it began after both
    expect(await settled([early, late])).toEqual(['pending', 'resolved']);
    calls[0]?.finish();
    expect(await settled([early])).toEqual(['resolved']);
  });

  it('commits its groups without an inline fsync and leaves the connection at FULL for other writes', async () => {
    const { sync, calls } = manualSync();
    const withSync = createGroupCommit(db, sync);
    const level = withSync.run(() => db.pragma('synchronous', { simple: true }));
    await settled([level]);
    expect(db.pragma('synchronous', { simple: true })).toBe(2); // FULL again once the COMMIT returned
    calls[0]?.finish();
    expect(await level).toBe(1); // NORMAL inside the group: the fsync is the WAL sync's job
    // Without a WAL sync (an in-memory database) the group commits at the connection's FULL.
    expect(await createGroupCommit(db).run(() => db.pragma('synchronous', { simple: true }))).toBe(2);
  });

  it('rejects every write an fsync failure covered, and recovers with the next one', async () => {
    const { sync, calls } = manualSync();
    const group = createGroupCommit(db, sync);
    const held = group.run(insert('a'));
    const lost = [group.run(insert('b')), group.run(insert('c'))];
    await settled(lost);
    calls[1]?.finish(new Error('EIO'));
    await expect(Promise.all(lost)).rejects.toThrow('EIO');
    calls[0]?.finish();
    await expect(held).resolves.toBe(1);
    const next = group.run(insert('d'));
    await settled([next]);
    calls[2]?.finish();
    await expect(next).resolves.toBe(1);
  });

  it('close waits for the fsync in flight', async () => {
    const { sync, calls } = manualSync();
    const group = createGroupCommit(db, sync);
    const write = group.run(insert('a'));
    let closed = false;
    const closing = group.close().then(() => (closed = true));
    await settled([write]);
    expect(closed).toBe(false);
    calls[0]?.finish();
    await closing;
    await expect(write).resolves.toBe(1);
  });

  it('walSyncer fsyncs the real WAL file, and a failed open is retried', async () => {
    const missing = walSyncer(join(dir, 'absent-wal'));
    await expect(missing.sync()).rejects.toThrow(/ENOENT/);
    const group = createGroupCommit(db, walSyncer(join(dir, 'test.db-wal')).sync);
    await expect(group.run(insert('a'))).resolves.toBe(1);
    expect(group.stats.syncs).toBe(1);
  });
});
