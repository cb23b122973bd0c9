import type { Database } from 'better-sqlite3';

/** How many group transactions committed, and how many writes they carried (tests, benchmark). */
export interface GroupCommitStats {
  transactions: number;
  items: number;
}

/**
 * Writes that share transactions. With `synchronous = FULL` every COMMIT costs an fsync, so one
 * transaction per request would make the disk the limit; here the writes queued while the event
 * loop was busy run together in one `BEGIN IMMEDIATE … COMMIT`, and every caller is answered only
 * after the COMMIT that holds its write.
 */
export interface GroupCommit {
  /**
   * Queues `work` (synchronous SQLite calls) for the next group transaction. Resolves with its
   * result once that transaction is committed; if `work` throws, only its own writes are rolled
   * back (a savepoint each) and only its promise rejects.
   */
  run<T>(work: () => T): Promise<Awaited<T>>;
  /** Commits what is queued now instead of on the next turn of the event loop (shutdown). */
  flush(): void;
  /** Refuses further work after committing what is queued. */
  close(): void;
  readonly stats: Readonly<GroupCommitStats>;
}

interface Pending {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * Group commit over one better-sqlite3 connection. The group runs on `setImmediate`, after the
 * event loop's I/O phase: every request whose body arrived in that phase has queued its write by
 * then, so a busy server commits many writes per fsync and an idle one commits each write at once.
 * The connection is synchronous, so a group never overlaps the previous one.
 */
export function createGroupCommit(db: Database): GroupCommit {
  const begin = db.prepare('BEGIN IMMEDIATE');
  const commit = db.prepare('COMMIT');
  const rollback = db.prepare('ROLLBACK');
  // A name of our own, so the stores' own nested transactions (better-sqlite3 savepoints) nest inside.
  const savepoint = db.prepare('SAVEPOINT tarmac_item');
  const release = db.prepare('RELEASE tarmac_item');
  const rollbackTo = db.prepare('ROLLBACK TO tarmac_item');
  const stats: GroupCommitStats = { transactions: 0, items: 0 };
  let queue: Pending[] = [];
  let scheduled: ReturnType<typeof setImmediate> | undefined;
  let closed = false;

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

  const commitQueued = (): void => {
    if (scheduled) clearImmediate(scheduled);
    scheduled = undefined;
    const group = queue;
    queue = [];
    if (group.length === 0) return;
    let outcomes: Outcome[];
    try {
      begin.run();
      outcomes = group.map(runItem);
      commit.run();
    } catch (error) {
      // BEGIN or COMMIT failed (disk full, I/O error, a lock held past busy_timeout): nothing of
      // the group is durable, so nobody in it may be told otherwise.
      if (db.inTransaction) rollback.run();
      for (const item of group) item.reject(error);
      return;
    }
    stats.transactions++;
    stats.items += group.length;
    group.forEach((item, i) => {
      const outcome = outcomes[i] as Outcome;
      if (outcome.ok) item.resolve(outcome.value);
      else item.reject(outcome.error);
    });
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
    close() {
      commitQueued();
      closed = true;
    },
    stats,
  };
}
