import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Statement } from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGroupCommit } from './groupCommit.js';

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
    expect(group.stats).toEqual({ transactions: commits, items: names.length });
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
    expect(group.stats).toEqual({ transactions: 1, items: 1 });
  });

  it('commits what is queued on close and refuses writes after it', async () => {
    const group = createGroupCommit(db);
    const queued = group.run(insert('last'));
    group.close();
    expect(committedNames()).toEqual(['last']);
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
