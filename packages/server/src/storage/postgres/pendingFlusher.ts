/**
 * When the pending rollup stats of direct ingest (perfPendingRollups.ts, analyticsPendingRollups.ts)
 * are added to the rollup tables: half a second or so after a write, before a read, at close.
 * The engine-specific part is `flushChunk`: take up to `limit` pending rows ({@link takePending}),
 * add them to the rollups in the same transaction, resolve with how many it took.
 */

import type { Queryable } from './db.js';

type PendingTable = 'perf_rollup_pending' | 'analytics_rollup_pending';

/**
 * Deletes up to `limit` pending rows of `table`, oldest first, skipping rows another instance's
 * flush holds, and returns them as `read` makes them: the caller adds them to the rollups in the
 * same transaction, so a row is counted once or, if that transaction fails, stays pending. A row
 * `read` throws on is put back marked unreadable and told to `onUnreadable`: kept for someone to
 * look at, it no longer fails every flush that would take it.
 */
export async function takePending<T>(
  db: Queryable,
  table: PendingTable,
  limit: number,
  read: (text: string) => T,
  onUnreadable: (error: unknown) => void,
): Promise<{ items: T[]; taken: number }> {
  const { rows } = await db.query<{ id: number; minutes: string }>(
    `DELETE FROM ${table} WHERE id IN (
       SELECT id FROM ${table} WHERE NOT unreadable ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
     RETURNING id, minutes`,
    [limit],
  );
  // RETURNING follows the delete's plan, not the ids: sorted here, rows are read (and unreadable
  // ones put back, with new ids) in the order they were written, whatever plan PostgreSQL chose.
  rows.sort((a, b) => a.id - b.id);
  const out: T[] = [];
  const unreadable: string[] = [];
  for (const { minutes } of rows) {
    try {
      out.push(read(minutes));
    } catch (error) {
      unreadable.push(minutes);
      onUnreadable(new Error(`${table}: a pending row cannot be read (${(error as Error).message}); it is kept, marked unreadable`));
    }
  }
  if (unreadable.length > 0) await db.query(`INSERT INTO ${table} (minutes, unreadable) SELECT minutes, true FROM unnest($1::text[]) WITH ORDINALITY AS u(minutes, n) ORDER BY n`, [unreadable]);
  return { items: out, taken: rows.length };
}

export interface PendingFlusherOptions {
  /** How long after a pending write its flush starts (writes meanwhile share it). */
  delayMs: number;
  /** How long after a failed flush the next one is tried. */
  retryMs: number;
  /** Pending rows per flush transaction at most. */
  chunk: number;
  /** Where a failed background flush (it is retried) or an unreadable pending row is reported. */
  onError(error: unknown): void;
}

export interface PendingFlusher {
  /** Says pending rows were written: a flush starts within `delayMs`. */
  added(): void;
  /** Resolves once every pending row written before the call (by this instance) is in the rollups. */
  flush(): Promise<void>;
  /** Flushes what is pending and stops the timer; later writes are flushed by reads or other instances. */
  stop(): Promise<void>;
}

// Half a second: a flush then carries hundreds of reports at a busy instance's rate, and a
// console on another instance sees them about as soon as a person could ask.
export const FLUSHING = { delayMs: 500, retryMs: 5_000, chunk: 1_000 };

export function createPendingFlusher(flushChunk: (limit: number) => Promise<number>, options: PendingFlusherOptions): PendingFlusher {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  // Flushes run one after another. A flush asked for while one runs gets the next one, since
  // the running one may have taken its rows before the caller's write committed; callers
  // meanwhile share that next one.
  let tail: Promise<void> = Promise.resolve();
  let queued: Promise<void> | undefined;
  const drain = async () => {
    while ((await flushChunk(options.chunk)) === options.chunk) {
      // A full chunk: more may be pending.
    }
  };
  const flush = (): Promise<void> => {
    if (queued) return queued;
    const run = tail.then(() => {
      queued = undefined;
      return drain();
    });
    queued = run;
    tail = run.catch(() => {});
    return run;
  };
  const later = (ms: number) => {
    if (timer || stopped) return;
    timer = setTimeout(() => {
      timer = undefined;
      flush().catch((error: unknown) => {
        options.onError(error);
        later(options.retryMs);
      });
    }, ms);
    timer.unref();
  };
  return {
    added: () => later(options.delayMs),
    flush,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await flush().catch(options.onError);
    },
  };
}
