import { open } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import type { Database } from 'better-sqlite3';

/** Group transactions committed, writes they carried, WAL fsyncs made (tests, benchmark). */
export interface GroupCommitStats {
  transactions: number;
  items: number;
  syncs: number;
}

/**
 * Writes that share transactions and fsyncs. Writes queued while the event loop was busy run
 * together in one `BEGIN IMMEDIATE … COMMIT`, and every caller is answered only once its write is
 * on disk.
 */
export interface GroupCommit {
  /**
   * Queues `work` (synchronous SQLite calls) for the next group transaction. Resolves with its
   * result once that transaction is committed and synced; if `work` throws, only its own writes
   * are rolled back (a savepoint each) and only its promise rejects.
   */
  run<T>(work: () => T): Promise<Awaited<T>>;
  /** Commits what is queued now instead of on the next turn of the event loop. */
  flush(): void;
  /** Commits and syncs what is queued, then refuses further work. */
  close(): Promise<void>;
  readonly stats: Readonly<GroupCommitStats>;
}

/** Makes committed WAL frames durable; resolves once they are on disk. */
export type SyncWal = () => Promise<void>;

interface Pending {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * Group commit over one better-sqlite3 connection whose `synchronous` is FULL.
 *
 * The group runs on `setImmediate`, after the event loop's I/O phase: every request whose body
 * arrived in that phase has queued its write by then. The connection is synchronous, so groups
 * never overlap.
 *
 * With `syncWal`, a group commits with `synchronous = NORMAL` (SQLite writes the WAL frames but
 * does not fsync them inside COMMIT, which would stall the whole event loop for the disk) and is
 * answered after `syncWal` — an fsync of the WAL file on libuv's thread pool — completes. Each
 * group starts its own fsync right after its COMMIT, even while an earlier one is in flight (an
 * fsync makes durable everything written before it began, so it covers its group; waiting for the
 * earlier one to end first would add a whole fsync to the group's reply time and leave the event
 * loop idle meanwhile). Each caller, including one whose write found its data already there (a
 * retry), is answered only when everything it could have read is on disk. Writes made outside the group
 * commit keep FULL: SQLite syncs them inside their own COMMIT. Without `syncWal` (an in-memory
 * database) each COMMIT is answered as soon as it returns.
 */
export function createGroupCommit(db: Database, syncWal?: SyncWal, beforeCommit?: () => void): GroupCommit {
  const begin = db.prepare('BEGIN IMMEDIATE');
  const commit = db.prepare('COMMIT');
  const rollback = db.prepare('ROLLBACK');
  // A name of our own, so the stores' own nested transactions (better-sqlite3 savepoints) nest inside.
  const savepoint = db.prepare('SAVEPOINT tarmac_item');
  const release = db.prepare('RELEASE tarmac_item');
  const rollbackTo = db.prepare('ROLLBACK TO tarmac_item');
  // SQLite applies `PRAGMA synchronous` when the statement is compiled, so these are not prepared
  // once: each call compiles (and so applies) its own.
  const deferSync = () => db.pragma('synchronous = NORMAL');
  const restoreSync = () => db.pragma('synchronous = FULL');
  const stats: GroupCommitStats = { transactions: 0, items: 0, syncs: 0 };
  let queue: Pending[] = [];
  let scheduled: ReturnType<typeof setImmediate> | undefined;
  let closed = false;
  // fsyncs in flight; each resolves the groups committed before it started.
  const syncing = new Set<Promise<void>>();

  const startSync = (sync: SyncWal, covered: (error?: unknown) => void): void => {
    stats.syncs++;
    const done = sync().then(
      () => covered(),
      (error: unknown) => covered(error),
    );
    syncing.add(done);
    void done.finally(() => syncing.delete(done));
  };

  const runItem = (item: Pending): Outcome => {
    savepoint.run();
    try {
      const value = item.work();
      release.run();
      return { ok: true, value };
    } catch (error) {
      rollbackTo.run();
      release.run();
      return { ok: false, error };
    }
  };

  const answer = (group: Pending[], outcomes: Outcome[]) => (syncError?: unknown) => {
    group.forEach((item, i) => {
      const outcome = outcomes[i] as Outcome;
      if (syncError !== undefined) item.reject(syncError);
      else if (outcome.ok) item.resolve(outcome.value);
      else item.reject(outcome.error);
    });
  };

  const commitQueued = (): void => {
    if (scheduled) clearImmediate(scheduled);
    scheduled = undefined;
    const group = queue;
    queue = [];
    if (group.length === 0) return;
    let outcomes: Outcome[];
    if (syncWal) deferSync();
    try {
      begin.run();
      outcomes = group.map(runItem);
      beforeCommit?.(); // what the items summed up for the whole group (the log rollups)
      commit.run();
    } catch (error) {
      // BEGIN or COMMIT failed (disk full, I/O error, a lock held past busy_timeout): nothing of
      // the group is durable, so nobody in it may be told otherwise.
      if (db.inTransaction) rollback.run();
      for (const item of group) item.reject(error);
      return;
    } finally {
      if (syncWal) restoreSync();
    }
    stats.transactions++;
    stats.items += group.length;
    if (!syncWal) return answer(group, outcomes)();
    startSync(syncWal, answer(group, outcomes));
  };

  return {
    run<T>(work: () => T): Promise<Awaited<T>> {
      if (closed) return Promise.reject(new Error('The store is closed'));
      return new Promise<Awaited<T>>((resolve, reject) => {
        queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
        scheduled ??= setImmediate(commitQueued);
      });
    },
    flush: commitQueued,
    async close() {
      commitQueued();
      closed = true;
      while (syncing.size > 0) await Promise.all(syncing);
    },
    stats,
  };
}

/**
 * An fsync of `walFile` (the database file plus `-wal`) off the event loop. The file is opened on
 * first use, after SQLite has created it; fsync flushes the file whichever descriptor asks.
 */
export function walSyncer(walFile: string): { sync: SyncWal; close: () => Promise<void> } {
  let handle: Promise<FileHandle> | undefined;
  return {
    async sync() {
      handle ??= open(walFile, 'r').catch((error: unknown) => {
        handle = undefined; // try again next time rather than fail every later write
        throw error;
      });
      await (await handle).sync();
    },
    async close() {
      if (handle) await (await handle).close();
      handle = undefined;
    },
  };
}
