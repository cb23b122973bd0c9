import type { Migration } from './migration.js';

/**
 * Migration 12: analytics rollups (issue 11), the same tables as SQLite's migration 17. Each
 * distinct dimension tuple (analytics/rollupTuple.ts) is one row of `analytics_rollup_keys`, found
 * by the digest of its text (a unique index on the text itself could exceed a btree entry with a
 * long path); rollup rows are (start, key_id, n). The minute and hour tables are partitioned by
 * day of `start` like the raw tables (partitions.ts keeps them); the day table is small and plain.
 */
export const analyticsRollupsMigration: Migration = {
  version: 12,
  name: 'analytics rollups',
  sql: `
    CREATE TABLE analytics_rollup_keys (
      id SERIAL PRIMARY KEY,
      digest TEXT NOT NULL UNIQUE,
      type TEXT NOT NULL,
      non_interaction BOOLEAN NOT NULL,
      path TEXT NOT NULL,
      category TEXT, vertical TEXT, locale TEXT, affiliate TEXT
    );
    CREATE TABLE analytics_rollup_minute (
      start BIGINT NOT NULL, key_id INTEGER NOT NULL, n BIGINT NOT NULL, PRIMARY KEY (start, key_id)
    ) PARTITION BY RANGE (start);
    CREATE TABLE analytics_rollup_minute_default PARTITION OF analytics_rollup_minute DEFAULT;
    CREATE TABLE analytics_rollup_hour (
      start BIGINT NOT NULL, key_id INTEGER NOT NULL, n BIGINT NOT NULL, PRIMARY KEY (start, key_id)
    ) PARTITION BY RANGE (start);
    CREATE TABLE analytics_rollup_hour_default PARTITION OF analytics_rollup_hour DEFAULT;
    CREATE TABLE analytics_rollup_day (
      start BIGINT NOT NULL, key_id INTEGER NOT NULL, n BIGINT NOT NULL, PRIMARY KEY (start, key_id)
    );
  `,
};
