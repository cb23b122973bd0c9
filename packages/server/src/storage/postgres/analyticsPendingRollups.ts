import type pg from 'pg';
import { inTransaction } from './db.js';
import { addAnalyticsRollups, type MinuteCount } from './analyticsRollups.js';
import { createPendingFlusher, takePending, type PendingFlusher, type PendingFlusherOptions } from './pendingFlusher.js';

/**
 * Direct ingest's analytics rollups on PostgreSQL, pending as perf's are (perfPendingRollups.ts,
 * where the why is): the raw hits' transaction adds one row of its minute counts by tuple id to
 * `analytics_rollup_pending`, and a flush soon after (and before any read) adds many such rows
 * to every level at once. In-process, rollups on against off ingested 0.65 of the bodies per
 * second when each transaction upserted its own minute, hour and day rows.
 *
 * A pending tuple id is safe to add later: it was either committed before the transaction
 * (prepareRollupKeys) or interned in it, and then commits or rolls back with the pending row.
 */
/** One pending row's counts; throws on a row of another shape (takePending sets it aside). */
function readCounts(text: string): MinuteCount[] {
  const counts = JSON.parse(text) as MinuteCount[];
  const valid = Array.isArray(counts) && counts.every((count) => Array.isArray(count) && count.length === 3 && count.every(Number.isSafeInteger));
  if (!valid) throw new Error('not a list of minute counts');
  return counts;
}

/** Takes up to `limit` pending rows and adds their counts to every level, in one transaction; resolves with the rows taken. */
async function flushChunk(pool: pg.Pool, limit: number, onUnreadable: (error: unknown) => void): Promise<number> {
  return inTransaction(pool, async (client) => {
    const { items, taken } = await takePending(client, 'analytics_rollup_pending', limit, readCounts, onUnreadable);
    await addAnalyticsRollups(client, items.flat());
    return taken;
  });
}

/** Flushes an instance's pending analytics rollups: soon after writes, before reads, at close. */
export function createAnalyticsRollupFlusher(pool: pg.Pool, options: PendingFlusherOptions): PendingFlusher {
  return createPendingFlusher((limit) => flushChunk(pool, limit, options.onError), options);
}
