import type pg from 'pg';
import { CONSENT_RETENTION_DAYS } from './consent.js';
import { purgeCounters } from './counters.js';
import { purgeIngestKeys } from './ingestKeys.js';
import { DAY_MS, runPartitionUpkeep, type UpkeepReport } from './partitions.js';

/**
 * What the store does at start and every hour: partitions for the coming days, expired days
 * dropped, and the unpartitioned bookkeeping (idempotency keys, counters, newest consent per
 * visitor) trimmed to the same horizons. Every step is safe to run on many instances at once.
 */
export async function runUpkeep(pool: pg.Pool, options: { now: number; retentionDays: number }): Promise<UpkeepReport> {
  const consentDays = Math.max(CONSENT_RETENTION_DAYS, options.retentionDays);
  const report = await runPartitionUpkeep(pool, {
    now: options.now,
    retentionDays: options.retentionDays,
    retentionOverrides: { consent_choices: consentDays },
  });
  const rawCutoff = options.now - options.retentionDays * DAY_MS;
  await purgeIngestKeys(pool, rawCutoff);
  // A counter's window has long ended by then; rate-limit windows are minutes.
  await purgeCounters(pool, options.now - DAY_MS);
  await pool.query('DELETE FROM consent_latest WHERE created_at < $1', [options.now - consentDays * DAY_MS]);
  return report;
}
