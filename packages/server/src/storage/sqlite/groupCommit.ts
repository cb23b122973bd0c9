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
   * Queues `work` (synchronous SQLite calls) for the next group transaction, which may run before
   * this returns (see createGroupCommit). Resolves with its
   * result once that transaction is committed and synced; if `work` throws, only its own writes
   * are rolled back (a savepoint each) and only its promise rejects.
   */
  run<T>(work: () => T): Promise<Awaited<T>>;
  /**
   * Runs `hook` in every group transaction after its writes, just before COMMIT: where work
   * gathered from the whole group (rollup deltas) is written once. If it throws, the whole group
   * is rolled back and every caller in it rejected.
   */
  beforeCommit(hook: () => void): void;
  /**
   * Runs `hook` once every group transaction has ended, before its callers are answered:
   * `committed` after its COMMIT succeeded, false after it was rolled back as a whole. Where
   * memory that must count only committed writes (pending rollup deltas) takes them over or
   * drops them. It must not throw.
   */
  afterGroup(hook: (committed: boolean) => void): void;
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
 * A write queued while no fsync is in flight is committed at once, on its own: nothing is on its
 * way to disk, so waiting for company would only leave the disk idle. Writes queued while an fsync
 * is in flight form a group that runs on `setImmediate`, after the event loop's I/O phase: every
 * request whose body arrived in that phase has queued its write by then. Without the first rule,
 * a server loaded by a fixed number of clients settles into convoys: all of them in one group,
 * then all waiting for its fsync with the event loop idle (a quarter of the time in the ingest
 * benchmark). The connection is synchronous, so groups never overlap.
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
export function createGroupCommit(db: Database, syncWal?: SyncWal): GroupCommit {
  const begin = db.prepare('BEGIN IMMEDIATE');
  const commit = db.prepare('COMMIT');
  const rollback = db.prepare('ROLLBACK');
  // A name of our own, so the stores' own nested transactions (better-sqlite3 savepoints) nest inside.
  const savepoint = db.prepare('SAVEPOINT tarmac_item');
  const release = db.prepare('RELEASE tarmac_item');
  const rollbackTo = db.prepare('ROLLBACK TO tarmac_item');
  // SQLite applies `PRAGMA synchronous` when the statement is compiled, so these are not prepared
  // once: each call compiles (and so applies) its own. exec, not db.pragma, which also builds a
  // statement object and a result array: 3 µs a pair instead of 11 (micro-benchmark).
  const deferSync = () => db.exec('PRAGMA synchronous = NORMAL');
  const restoreSync = () => db.exec('PRAGMA synchronous = FULL');
  const stats: GroupCommitStats = { transactions: 0, items: 0, syncs: 0 };
  let queue: Pending[] = [];
  const hooks: Array<() => void> = [];
  const afterHooks: Array<(committed: boolean) => void> = [];
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
      for (const hook of hooks) hook(); // what the items summed up for the whole group (the rollups)
      commit.run();
    } catch (error) {
      // BEGIN, a commit hook or COMMIT failed (disk full, I/O error, a lock held past busy_timeout): nothing of
      // the group is durable, so nobody in it may be told otherwise.
      if (db.inTransaction) rollback.run();
      for (const hook of afterHooks) hook(false);
      for (const item of group) item.reject(error);
      return;
    } finally {
      if (syncWal) restoreSync();
    }
    for (const hook of afterHooks) hook(true);
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
        // Inside a transaction (another write's, or a caller's own) it joins the next group: a
        // BEGIN there would fail, and its ROLLBACK undo the transaction that was already open.
        if (syncWal && syncing.size === 0 && !db.inTransaction) commitQueued();
        else scheduled ??= setImmediate(commitQueued);
      });
    },
    beforeCommit(hook) {
      hooks.push(hook);
    },
    afterGroup(hook) {
      afterHooks.push(hook);
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
 * An fdatasync of `walFile` (the database file plus `-wal`) off the event loop. The file is opened
 * on first use, after SQLite has created it; the sync flushes the file whichever descriptor asks.
 * fdatasync, not fsync: it makes the frames durable, and the file's size when it grew, which is
 * all a recovery reads; fsync would also journal the new modification time, a journal commit of the
 * file system per group for nothing. SQLite syncs its own WAL the same way where it can.
 */
export function walSyncer(walFile: string): { sync: SyncWal; close: () => Promise<void> } {
  let handle: Promise<FileHandle> | undefined;
  return {
    async sync() {
      handle ??= open(walFile, 'r').catch((error: unknown) => {
        handle = undefined; // try again next time rather than fail every later write
        throw error;
      });
      await (await handle).datasync();
    },
    async close() {
      if (handle) await (await handle).close();
      handle = undefined;
    },
  };
}
