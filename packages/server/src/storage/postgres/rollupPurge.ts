import type pg from 'pg';
import { DAY_MS } from '../../rollups/timeGrid.js';
import { rollupRetentionDays } from '../retentionRules.js';
import type { StoreLogger } from '../storeLogger.js';
import { queryRows } from './db.js';

/**
 * Retention of the rollup tables that are not partitioned (the day tables: a few hundred rows a
 * day, not worth a partition each). Their expired rows are deleted a chunk per statement, by the
 * `start` their primary key begins with, so no one delete holds many row locks or runs long, and
 * ingest upserting this day's rows never waits on it. Partitioned rollup tables lose whole days
 * in partitions.ts instead.
 */

export interface RollupPurgeReport {
  /** Rows deleted and statements run, per table. */
  purged: Record<string, { rows: number; chunks: number }>;
  /** Tables whose purge failed; the next upkeep tries them again. */
  failed: string[];
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The plain (unpartitioned) rollup tables of the schema, found by their names in the catalogue. */
export async function listPlainRollupTables(pool: pg.Pool): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    pool,
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind = 'r' AND NOT c.relispartition
      ORDER BY c.relname`,
  );
  return rows.map((row) => row.name).filter((name) => rollupRetentionDays(name) !== undefined);
}

export interface RollupPurgeOptions {
  /** Rows deleted per statement; 5,000 by default. */
  chunkRows?: number;
  logger?: StoreLogger;
}

/** Deletes every plain rollup table's rows older than its level's retention at `now`. */
export async function purgePlainRollups(pool: pg.Pool, now: number, options: RollupPurgeOptions = {}): Promise<RollupPurgeReport> {
  const chunkRows = options.chunkRows ?? 5_000;
  const report: RollupPurgeReport = { purged: {}, failed: [] };
  for (const table of await listPlainRollupTables(pool)) {
    const cutoff = now - rollupRetentionDays(table)! * DAY_MS;
    try {
      report.purged[table] = await purgeChunked(pool, table, cutoff, chunkRows);
    } catch (error) {
      // One table's trouble (a schema that went wrong) does not keep the others' rows forever.
      report.failed.push(table);
      options.logger?.warn({ table, err: error }, 'retention: purging a rollup table failed; it is retried next upkeep');
    }
  }
  return report;
}

async function purgeChunked(pool: pg.Pool, table: string, cutoff: number, chunkRows: number) {
  let rows = 0;
  let chunks = 0;
  for (;;) {
    const result = await pool.query(
      `DELETE FROM ${quote(table)} WHERE ctid = ANY (ARRAY(
         SELECT ctid FROM ${quote(table)} WHERE start < $1 LIMIT $2))`,
      [cutoff, chunkRows],
    );
    const deleted = result.rowCount ?? 0;
    rows += deleted;
    chunks++;
    if (deleted < chunkRows) return { rows, chunks };
  }
}
