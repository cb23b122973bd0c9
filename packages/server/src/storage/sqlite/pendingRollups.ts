import type { Database } from 'better-sqlite3';
import type { GroupCommit } from './groupCommit.js';

/**
 * What a capability tells {@link createPendingRollups} about its rollups: `P` is its in-memory
 * sum, `T` one raw item (a report, a hit).
 */
export interface RollupFold<P, T> {
  /** Its row in `rollup_cursors` (migration 19). */
  cursor: string;
  empty(): P;
  /** Counts one raw item into `into`. */
  add(into: P, item: T): void;
  /** Adds `from` into `into`; `from` is not used afterwards, so its parts may be taken over. */
  merge(into: P, from: P): void;
  /**
   * Upserts `pending` into the rollup tables; runs inside a transaction. May return what is to
   * happen once that transaction has committed, and only then: a cache learning the ids of key
   * rows this write made (a rollback takes them back, and a cached id of a row that is gone would
   * orphan rollup rows).
   */
  write(pending: P): AfterCommit | void;
  /**
   * Folds the raw rows with an id past `afterId` into `into` (recovery); returns how many there
   * were and the largest id among them.
   */
  foldStored(into: P, afterId: number): { rows: number; lastId: number };
}

/** What a rollup write leaves to do once its transaction has committed. */
export type AfterCommit = () => void;

export interface PendingRollups<T> {
  /**
   * Counts `item`, just stored in the open group transaction as raw row `id` (its INSERT changed a
   * row), once that transaction has committed.
   */
  add(item: T, id: number): void;
  /** How much is uncommitted, so a caller whose savepoint rolls back can {@link rewind} to it. */
  mark(): number;
  rewind(mark: number): void;
  /** Resolves once everything added before the call is in the rollup tables; rejects if that write failed. */
  settle(): Promise<void>;
  /** Stops the timer and writes what is left; call after the group commit is closed. */
  close(): Promise<void>;
}

export interface PendingRollupOptions {
  /** How often pending sums are written; about once a second by default. */
  everyMs?: number;
  /** Raw rows pending past which a write starts at once, so memory stays bounded. */
  maxRows?: number;
}

/**
 * Rollups written about once a second instead of in every group transaction. Per group, a busy
 * page's hour and day rows (kilobytes of sketches) would be rewritten for nearly every report:
 * WAL bytes, overflow pages and merges that cost ingest far more than the raw rows. Here the raw
 * rows stay durable at once; their deltas are summed in memory and written in one transaction
 * that also moves the capability's cursor (the largest raw id folded). After a crash, the raw rows
 * past the cursor are folded again at start (this function's first act), so each row counts
 * exactly once. Coarser levels are still written together with the minutes, never compacted later:
 * no compactor can race a late write, and a re-seeded past is right at once.
 */
export function createPendingRollups<P, T>(
  db: Database,
  writes: GroupCommit,
  fold: RollupFold<P, T>,
  options: PendingRollupOptions = {},
): PendingRollups<T> {
  const readCursor = db.prepare('SELECT last_id FROM rollup_cursors WHERE name = ?').pluck(true);
  // max(): a write retried after a failure must never move the cursor back.
  const moveCursor = db.prepare('UPDATE rollup_cursors SET last_id = max(last_id, ?) WHERE name = ?');
  const maxRows = options.maxRows ?? 50_000;
  let pending = fold.empty();
  let rows = 0;
  let lastId = 0;
  let inFlight: Promise<void> | undefined;

  const writeAll = (sums: P, upTo: number): AfterCommit | void => {
    const afterCommit = fold.write(sums);
    moveCursor.run(upTo, fold.cursor);
    return afterCommit;
  };

  // Recovery: the rows a crash left unfolded, written before any new ingest can start.
  db.transaction(() => {
    const recovered = fold.empty();
    const found = fold.foldStored(recovered, (readCursor.get(fold.cursor) as number | undefined) ?? 0);
    return found.rows > 0 ? writeAll(recovered, found.lastId) : undefined;
  })()?.();

  // The sums a write took, until its group has ended; `committed` once its COMMIT succeeded.
  interface Taken {
    sums: P;
    rows: number;
    lastId: number;
    committed: boolean;
    afterCommit?: AfterCommit | void;
  }
  let writing: Taken | undefined;

  const writeOnce = async (): Promise<void> => {
    let taken: Taken | undefined;
    try {
      await writes.run(() => {
        // Taken when the group runs, not when queued: whatever was added meanwhile goes too.
        taken = { sums: pending, rows, lastId, committed: false };
        pending = fold.empty();
        rows = 0;
        if (taken.rows > 0) taken.afterCommit = writeAll(taken.sums, taken.lastId);
        writing = taken; // written in its savepoint: stored if the group commits
      });
    } catch (error) {
      // Rolled back (its savepoint or its whole group): keep the sums for the next write. Not
      // after a COMMIT that succeeded and a WAL fsync that failed: the rows are there already.
      if (taken && !taken.committed) {
        fold.merge(taken.sums, pending);
        pending = taken.sums;
        rows += taken.rows;
        lastId = Math.max(lastId, taken.lastId);
      }
      throw error;
    }
  };

  const settle = async (): Promise<void> => {
    while (inFlight) await inFlight.catch(() => undefined);
    if (rows === 0) return;
    inFlight = writeOnce().finally(() => (inFlight = undefined));
    await inFlight;
  };
  // The timer's write failing keeps the sums pending; the next write, or a read, tries again.
  const settleQuietly = () => void settle().catch(() => undefined);

  const timer = setInterval(() => {
    if (rows > 0 && !inFlight) settleQuietly();
  }, options.everyMs ?? 1000);
  timer.unref();

  // Items stored in the open group transaction: counted once its COMMIT succeeded, dropped if
  // it was rolled back (a savepoint's own rollback is the caller's rewind).
  let uncommitted: T[] = [];
  let uncommittedIds: number[] = [];
  writes.afterGroup((committed) => {
    if (writing) {
      writing.committed = committed;
      if (committed) writing.afterCommit?.();
    }
    writing = undefined;
    const items = uncommitted;
    const ids = uncommittedIds;
    uncommitted = [];
    uncommittedIds = [];
    if (!committed || items.length === 0) return;
    for (const item of items) fold.add(pending, item);
    rows += items.length;
    for (const id of ids) if (id > lastId) lastId = id;
    // Not from inside the group commit's own call: the write joins the queue from a fresh turn.
    if (rows >= maxRows && !inFlight) queueMicrotask(settleQuietly);
  });

  return {
    add(item, id) {
      uncommitted.push(item);
      uncommittedIds.push(id);
    },
    mark: () => uncommitted.length,
    rewind(mark) {
      uncommitted.length = mark;
      uncommittedIds.length = mark;
    },
    settle,
    async close() {
      clearInterval(timer);
      while (inFlight) await inFlight.catch(() => undefined);
      // The group commit is closed by now: the rest goes in a transaction of its own (synced at
      // COMMIT). Should that fail, nothing is lost: the raw rows past the cursor are folded at the
      // next start, so closing goes on rather than leave the connection open.
      if (rows > 0 && db.open) {
        try {
          db.transaction(writeAll)(pending, lastId)?.();
        } catch {
          // folded again at the next start (see above)
        }
        pending = fold.empty();
        rows = 0;
      }
    },
  };
}
