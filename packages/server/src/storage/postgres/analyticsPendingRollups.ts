import type pg from 'pg';
import { inTransaction } from './db.js';
import { addAnalyticsRollups, type MinuteCount } from './analyticsRollups.js';
import { createPendingFlusher, takeStaged, type PendingFlusher, type PendingFlusherOptions } from './pendingFlusher.js';

/**
 * Direct ingest's analytics rollups on PostgreSQL, staged as perf's are (perfPendingRollups.ts,
 * where the why is): the raw hits' transaction adds one row of its minute counts by tuple id to
 * `analytics_rollup_pending`, and a flush soon after (and before any read) adds many such rows
 * to every level at once. In-process, rollups on against off ingested 0.65 of the bodies per
 * second when each transaction upserted its own minute, hour and day rows.
 *
 * A staged tuple id is safe to add later: it was either committed before the transaction
 * (prepareRollupKeys) or interned in it, and then commits or rolls back with the staged row.
 */
/** Takes up to `limit` staged rows and adds their counts to every level, in one transaction; resolves with the rows taken. */
async function flushChunk(pool: pg.Pool, limit: number): Promise<number> {
  return inTransaction(pool, async (client) => {
    const staged = await takeStaged(client, 'analytics_rollup_pending', limit);
    if (staged.length === 0) return 0;
    await addAnalyticsRollups(client, staged.flatMap((text) => JSON.parse(text) as MinuteCount[]));
    return staged.length;
  });
}

/** Flushes an instance's staged analytics rollups: soon after writes, before reads, at close. */
export function createAnalyticsRollupFlusher(pool: pg.Pool, options: PendingFlusherOptions): PendingFlusher {
  return createPendingFlusher((limit) => flushChunk(pool, limit), options);
}
