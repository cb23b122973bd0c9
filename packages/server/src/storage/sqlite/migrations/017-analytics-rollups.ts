import type { Migration } from '../migrate.js';

/**
 * Migration 17: analytics rollups (issue 11). Each distinct dimension tuple a console filter or
 * breakdown reads (analytics/rollupTuple.ts) is one row of `analytics_rollup_keys`, found by the
 * digest of its text; the rollup tables count hits per row start (epoch ms of the minute, hour or
 * UTC day) and tuple id: three integers a row, clustered by start (WITHOUT ROWID), so a window is
 * one range of each table's primary key.
 */
export const migration: Migration = {
  version: 17,
  name: 'analytics rollups',
  sql: `
    CREATE TABLE analytics_rollup_keys (
      id INTEGER PRIMARY KEY,
      digest TEXT NOT NULL UNIQUE,
      type TEXT NOT NULL,
      non_interaction INTEGER NOT NULL,
      path TEXT NOT NULL,
      category TEXT, vertical TEXT, locale TEXT, affiliate TEXT
    );
    CREATE TABLE analytics_rollup_minute (
      start INTEGER NOT NULL, key_id INTEGER NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (start, key_id)
    ) WITHOUT ROWID;
    CREATE TABLE analytics_rollup_hour (
      start INTEGER NOT NULL, key_id INTEGER NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (start, key_id)
    ) WITHOUT ROWID;
    CREATE TABLE analytics_rollup_day (
      start INTEGER NOT NULL, key_id INTEGER NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (start, key_id)
    ) WITHOUT ROWID;
  `,
};
