import type { Migration } from './migration.js';

/**
 * Migration 19: how far each raw table has been folded into its rollups. The perf and analytics
 * rollups are summed in memory and written about once a second rather than in every group
 * transaction (a day row of a busy page is kilobytes, rewritten per report otherwise); the raw
 * rows are durable at once, and `last_id` (their AUTOINCREMENT id, never reused) moves in the same
 * transaction as the rollup rows it covers, so after a crash the rows past it are folded again
 * from the raw table — each exactly once. Everything stored before this version was already
 * folded on ingest (migrations 16 and 17), so both cursors start at the newest id.
 */
export const migration: Migration = {
  version: 19,
  name: 'rollup cursors',
  sql: `
    CREATE TABLE rollup_cursors (
      name TEXT PRIMARY KEY,
      last_id INTEGER NOT NULL
    ) WITHOUT ROWID;
    INSERT INTO rollup_cursors (name, last_id) SELECT 'perf', coalesce(max(id), 0) FROM perf_reports;
    INSERT INTO rollup_cursors (name, last_id) SELECT 'analytics', coalesce(max(id), 0) FROM analytics_hits;
  `,
};
