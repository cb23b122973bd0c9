import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGroupCommit, type GroupCommit } from './groupCommit.js';
import { createGroupStaging } from './groupStaging.js';

describe('createGroupStaging', () => {
  let db: Database.Database;
  let writes: GroupCommit;
  const applied: string[][] = [];
  const rows = () => db.prepare('SELECT v FROM t ORDER BY rowid').pluck().all();
  const staging = () =>
    createGroupStaging<string>(writes, (values) => {
      applied.push(values);
      for (const v of values) db.prepare('INSERT INTO t (v) VALUES (?)').run(v);
    });

  beforeEach(() => {
    db = new Database(':memory:');
    db.exec('CREATE TABLE t (v TEXT)');
    // No WAL sync: every write queued in one turn of the event loop shares one group transaction.
    writes = createGroupCommit(db);
    applied.length = 0;
  });
  afterEach(async () => {
    await writes.close();
    db.close();
  });

  it('applies what the items of one group transaction staged once, without what a failing item staged', async () => {
    const counting = staging();
    const item = (v: string, fail = false) =>
      writes.run(() =>
        counting.staged(() => {
          counting.add([v]);
          if (fail) throw new Error('this item fails after staging');
        }),
      );
    const outcomes = await Promise.allSettled([item('a'), item('b', true), item('c')]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(applied).toEqual([['a', 'c']]);
    expect(rows()).toEqual(['a', 'c']);
    // Outside an item, values are applied at once.
    counting.add(['d']);
    expect(applied).toEqual([['a', 'c'], ['d']]);
  });

  it('drops what a group rolled back as a whole had staged: its callers were told it failed', async () => {
    let failOnce = true;
    writes.beforeCommit(() => {
      if (failOnce) {
        failOnce = false;
        throw new Error('the group fails before the staging applies');
      }
    });
    const counting = staging();
    const item = (v: string) => writes.run(() => counting.staged(() => counting.add([v])));
    const first = await Promise.allSettled([item('lost-1'), item('lost-2')]);
    expect(first.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    await item('kept');
    expect(applied).toEqual([['kept']]);
    expect(rows()).toEqual(['kept']);
  });
});
