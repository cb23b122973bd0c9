import type { Database } from 'better-sqlite3';
import { CONSENT_TABLES } from '../../retentionRules.js';

/**
 * Rows of every table SQLite retention purges, written straight into a migrated database at a
 * given time (tests of retention.ts): only the columns each table requires, since what matters is
 * the row's age.
 */
const INSERTS: Record<string, string> = {
  perf_reports: `INSERT INTO perf_reports (received_at, timing) VALUES (@at, '{}')`,
  analytics_hits: `INSERT INTO analytics_hits (received_at, timestamp, type, path, non_interaction)
                   VALUES (@at, @at, 'pageview', '/', 0)`,
  drop_counts: `INSERT INTO drop_counts (source, report_id, reason, count, received_at) VALUES ('logs', @id, 'queue-full', 1, @at)`,
  signal_reports: `INSERT INTO signal_reports (nonce, received_at, client_ts, automation, score, reasons, time_zone, language, screen, signals)
                   VALUES (@id, @at, @at, 0, 0, '[]', 'UTC', 'en', '1x1', '{}')`,
  signal_fallbacks: `INSERT INTO signal_fallbacks (received_at) VALUES (@at)`,
  log_message_ids: `INSERT INTO log_message_ids (group_id, message_id, received_at) VALUES ('g', @id, @at)`,
  consent_choices: `INSERT INTO consent_choices (visitor_id, created_at, choice, tc_string, gvl_version, policy_version,
                                                 purposes, special_features, vendors)
                    VALUES (@id, @at, 'accept-all', '', 1, 1, '[]', '[]', '[]')`,
  usnat_choices: `INSERT INTO usnat_choices (visitor_id, created_at, sale_opt_out, sharing_opt_out, targeted_advertising_opt_out, gpc, country)
                  VALUES (@id, @at, 1, 1, 1, 0, 'US')`,
};

/** The raw tables retention purges by the raw horizon (consent has its own). */
export const RAW_TABLES = Object.keys(INSERTS).filter((table) => !(CONSENT_TABLES as readonly string[]).includes(table));

/** Creates a rollup table of the design's shape: `start` first in its primary key. */
export function createRollupTable(db: Database, name: string): void {
  db.exec(`CREATE TABLE ${name} (start INTEGER NOT NULL, key_id INTEGER NOT NULL, n INTEGER NOT NULL,
                                 PRIMARY KEY (start, key_id)) WITHOUT ROWID`);
}

let serial = 0;

/** Inserts `count` rows into `table` at time `at` (for a rollup table, `start`), in one transaction. */
export function insertRows(db: Database, table: string, at: number, count = 1): void {
  const sql = INSERTS[table] ?? `INSERT INTO ${table} (start, key_id, n) VALUES (@at, @serial, 1)`;
  const insert = db.prepare(sql);
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      serial++;
      insert.run(INSERTS[table] ? { at, id: `r${serial}` } : { at, serial });
    }
  })();
}

/** Rows of `table` (every row, whatever its age). */
export function countRows(db: Database, table: string): number {
  return db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
}
