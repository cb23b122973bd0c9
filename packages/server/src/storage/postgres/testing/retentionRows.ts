import type pg from 'pg';
import { ensureDayPartition } from '../partitions.js';

/**
 * Rows of the tables PostgreSQL retention purges, written straight into a migrated database at a
 * given time (retention tests): only the columns each table requires, since what matters is the
 * row's age. A row of a partitioned table gets its day's partition first, as upkeep would have
 * made it, so dropping days is what removes it.
 */

/** Rollup tables of the design's shape (the rollup branches' migrations make the real ones). */
export const ROLLUP_TABLES_SQL = `
  CREATE TABLE probe_rollup_minute (start BIGINT NOT NULL, key_id INT NOT NULL, n BIGINT NOT NULL, PRIMARY KEY (start, key_id)) PARTITION BY RANGE (start);
  CREATE TABLE probe_rollup_minute_default PARTITION OF probe_rollup_minute DEFAULT;
  CREATE TABLE probe_rollup_hour (start BIGINT NOT NULL, key_id INT NOT NULL, n BIGINT NOT NULL, PRIMARY KEY (start, key_id)) PARTITION BY RANGE (start);
  CREATE TABLE probe_rollup_hour_default PARTITION OF probe_rollup_hour DEFAULT;
  CREATE TABLE probe_rollup_day (start BIGINT NOT NULL, key_id INT NOT NULL, n BIGINT NOT NULL, PRIMARY KEY (start, key_id));
`;

const INSERTS: Record<string, { column: string; sql: string }> = {
  perf_reports: { column: 'received_at', sql: `INSERT INTO perf_reports (received_at, timing) VALUES ($1, '{}')` },
  analytics_hits: {
    column: 'received_at',
    sql: `INSERT INTO analytics_hits (received_at, timestamp, type, path, non_interaction) VALUES ($1, $1, 'pageview', '/', false)`,
  },
  drop_counts: {
    column: 'received_at',
    sql: `INSERT INTO drop_counts (source, report_id, reason, count, received_at) VALUES ('logs', $2, 'queue-full', 1, $1)`,
  },
  signal_reports: {
    column: 'received_at',
    sql: `INSERT INTO signal_reports (nonce, received_at, client_ts, automation, score, reasons, time_zone, language, screen, signals)
          VALUES ($2, $1, $1, false, 0, '[]', 'UTC', 'en', '1x1', '{}')`,
  },
  signal_fallbacks: { column: 'received_at', sql: `INSERT INTO signal_fallbacks (received_at) VALUES ($1)` },
  consent_choices: {
    column: 'created_at',
    sql: `INSERT INTO consent_choices (visitor_id, created_at, choice, tc_string, gvl_version, policy_version, purposes,
                                       special_features, vendors, objected_purposes, objected_vendors)
          VALUES ($2, $1, 'accept-all', '', 1, 1, '{}', '{}', '{}', '{}', '{}')`,
  },
  usnat_choices: {
    column: 'created_at',
    sql: `INSERT INTO usnat_choices (visitor_id, created_at, sale_opt_out, sharing_opt_out, targeted_advertising_opt_out, gpc, country)
          VALUES ($2, $1, true, true, true, false, 'US')`,
  },
  probe_rollup_minute: { column: 'start', sql: `INSERT INTO probe_rollup_minute (start, key_id, n) VALUES ($1, $2, 1)` },
  probe_rollup_hour: { column: 'start', sql: `INSERT INTO probe_rollup_hour (start, key_id, n) VALUES ($1, $2, 1)` },
};

const DAY_MS = 86_400_000;
let serial = 0;

/** Inserts one row into `table` at `at` (for a rollup table, `start`). */
export async function insertRowAt(pool: pg.Pool, table: string, at: number): Promise<void> {
  serial++;
  const insert = INSERTS[table];
  if (!insert) {
    // An unpartitioned rollup table (the day level).
    await pool.query(`INSERT INTO ${table} (start, key_id, n) VALUES ($1, $2, 1)`, [at, serial]);
    return;
  }
  await ensureDayPartition(pool, { table, column: insert.column }, Math.floor(at / DAY_MS) * DAY_MS);
  // $2, where a table has one, is a unique key (text or integer: PostgreSQL reads '7' as either).
  await pool.query(insert.sql, insert.sql.includes('$2') ? [at, String(serial)] : [at]);
}

/** Rows of `table`, whatever their age. */
export async function countRows(pool: pg.Pool, table: string): Promise<number> {
  return Number((await pool.query(`SELECT count(*) FROM ${table}`)).rows[0].count);
}
