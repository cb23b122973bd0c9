import type pg from 'pg';
import { CONSENT_TABLES, consentRetentionDays } from '../retentionRules.js';
import type { StoreLogger } from '../storeLogger.js';
import { purgeCounters } from './counters.js';
import { purgeIngestKeys } from './ingestKeys.js';
import { DAY_MS, runPartitionUpkeep, type UpkeepReport } from './partitions.js';
import { purgePlainRollups, type RollupPurgeReport } from './rollupPurge.js';

export interface UpkeepOptions {
  now: number;
  /** Days raw rows are kept. */
  retentionDays: number;
  logger?: StoreLogger;
  /** Rows per delete of the unpartitioned rollup tables (rollupPurge.ts). */
  rollupChunkRows?: number;
}

/**
 * What the store does at start and every hour: partitions for the coming days, expired days
 * dropped (raw tables by the raw retention, rollup tables by their level's, consent longer), the
 * unpartitioned rollup tables purged in chunks, and the unpartitioned bookkeeping (idempotency
 * keys, counters, newest consent per visitor) trimmed to the same horizons. Every step is safe to
 * run on many instances at once.
 */
export async function runUpkeep(pool: pg.Pool, options: UpkeepOptions): Promise<UpkeepReport & { rollups: RollupPurgeReport }> {
  const consentDays = consentRetentionDays(options.retentionDays);
  const report = await runPartitionUpkeep(pool, {
    now: options.now,
    retentionDays: options.retentionDays,
    retentionOverrides: Object.fromEntries(CONSENT_TABLES.map((table) => [table, consentDays])),
    logger: options.logger,
  });
  const rollups = await purgePlainRollups(pool, options.now, { chunkRows: options.rollupChunkRows, logger: options.logger });
  const rawCutoff = options.now - options.retentionDays * DAY_MS;
  await purgeIngestKeys(pool, rawCutoff);
  // A counter's window has long ended by then; rate-limit windows are minutes.
  await purgeCounters(pool, options.now - DAY_MS);
  for (const latest of ['consent_latest', 'usnat_latest']) {
    await pool.query(`DELETE FROM ${latest} WHERE created_at < $1`, [options.now - consentDays * DAY_MS]);
  }
  return { ...report, rollups };
}
