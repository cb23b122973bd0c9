/**
 * When staged rollup stats of direct ingest (perfPendingRollups.ts, analyticsPendingRollups.ts)
 * are added to the rollup tables: half a second or so after a write, before a read, at close.
 * The engine-specific part is `flushChunk`: take up to `limit` staged rows, add them to the
 * rollups and delete them in one transaction, resolve with how many it took.
 */

import type { Queryable } from './db.js';

/**
 * Deletes up to `limit` staged rows of `table`, oldest first, skipping rows another instance's
 * flush holds, and returns their JSON: the caller adds them to the rollups in the same
 * transaction, so a row is counted once or, if that transaction fails, stays staged.
 */
export async function takeStaged(db: Queryable, table: 'perf_rollup_pending' | 'analytics_rollup_pending', limit: number): Promise<string[]> {
  const { rows } = await db.query<{ minutes: string }>(
    `DELETE FROM ${table} WHERE id IN (SELECT id FROM ${table} ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED) RETURNING minutes`,
    [limit],
  );
  return rows.map((row) => row.minutes);
}

export interface PendingFlusherOptions {
  /** How long after a staged write its flush starts (writes meanwhile share it). */
  delayMs: number;
  /** How long after a failed flush the next one is tried. */
  retryMs: number;
  /** Staged rows per flush transaction at most. */
  chunk: number;
  /** Where a failed background flush is reported (it is retried). */
  onError(error: unknown): void;
}

export interface PendingFlusher {
  /** Says a write was staged: a flush starts within `delayMs`. */
  staged(): void;
  /** Resolves once every row staged before the call (by this instance) is in the rollups. */
  flush(): Promise<void>;
  /** Flushes what is staged and stops the timer; later writes are flushed by reads or other instances. */
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
      // A full chunk: more may be staged.
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
    staged: () => later(options.delayMs),
    flush,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await flush().catch(options.onError);
    },
  };
}
