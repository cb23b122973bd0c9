/**
 * Groups concurrent single-item writes into shared transactions, for direct ingest on PostgreSQL
 * (routes write the store; no JetStream writer batches for them).
 *
 * Why: every ingest transaction upserts its page's (or tuple's) minute, hour and day rollup rows,
 * and holds those row locks until it commits. With one transaction per request, concurrent
 * requests of the same page queued on each other's locks (a pg_stat_activity sample found a sixth
 * of busy backends waiting on one) and each paid its own BEGIN/COMMIT and WAL flush. Items that
 * arrive while a write is in flight, or in the same event-loop turn, go into one transaction
 * instead: fewer transactions, one upsert per rollup row per batch, and fewer lock waits.
 *
 * Bounds: at most `maxInFlight` transactions at once (the pool stays free for reads and other
 * kinds, and items queue long enough to form batches) and at most `maxBatch` items each. A
 * caller's promise settles only once the transaction holding its item committed (or failed).
 * A failed batch is written again one item at a time, so one bad item rejects alone; that is
 * safe because `write` stores an item at most once (idempotent by id, ingestKeys.ts) and the
 * failed transaction rolled back all it did.
 */

export interface BatchWriterOptions<T> {
  /** Writes the items in one transaction; resolves once it committed. */
  write(items: readonly T[]): Promise<void>;
  /** Transactions under way at once. */
  maxInFlight: number;
  /** Items per transaction at most. */
  maxBatch: number;
  /** Told the size of every batch before it is written (tests, diagnostics). */
  onBatch?(size: number): void;
}

export interface BatchWriter<T> {
  /** Resolves once the item's transaction committed; rejects with that item's own failure. */
  add(item: T): Promise<void>;
  /** Resolves once everything added so far is written; later adds reject. */
  close(): Promise<void>;
}

interface Pending<T> {
  item: T;
  resolve(): void;
  reject(error: unknown): void;
}

export function createBatchWriter<T>(options: BatchWriterOptions<T>): BatchWriter<T> {
  const queue: Pending<T>[] = [];
  let inFlight = 0;
  let scheduled = false;
  let closed = false;
  let waiters: Array<() => void> = [];

  const settleIdle = () => {
    if (inFlight > 0 || queue.length > 0 || scheduled) return;
    for (const resolve of waiters) resolve();
    waiters = [];
  };

  const writeBatch = async (batch: Pending<T>[]): Promise<void> => {
    options.onBatch?.(batch.length);
    try {
      await options.write(batch.map((pending) => pending.item));
      for (const pending of batch) pending.resolve();
      return;
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
    }
    // One at a time, inside this batch's slot: the in-flight bound holds while retrying.
    for (const pending of batch) {
      options.onBatch?.(1);
      await options.write([pending.item]).then(pending.resolve, pending.reject);
    }
  };

  const pump = () => {
    while (inFlight < options.maxInFlight && queue.length > 0) {
      const batch = queue.splice(0, options.maxBatch);
      inFlight++;
      void writeBatch(batch).finally(() => {
        inFlight--;
        pump();
        settleIdle();
      });
    }
  };

  // Waits for the rest of this event-loop turn (I/O callbacks of requests already read), so
  // items arriving together start as one batch even when a slot is free.
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      pump();
      settleIdle();
    });
  };

  return {
    add(item) {
      if (closed) return Promise.reject(new Error('the batch writer is closed'));
      return new Promise<void>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        // A full slot set means a batch will start when one frees: no timer needed.
        if (inFlight < options.maxInFlight) schedule();
      });
    },
    close() {
      closed = true;
      return new Promise<void>((resolve) => {
        waiters.push(resolve);
        settleIdle();
      });
    },
  };
}
