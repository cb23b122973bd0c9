import type { Migration } from './migration.js';

/**
 * Migration 16: the perf rollups' attribution, as SQLite's migration 23: one blob per row beside
 * `sketches` (perf/attribution/attributionStats.ts), empty where there is none. Added on the
 * partitioned parents, so every partition gets it. (15 is the consent regimes' US choices.)
 */
export const perfAttributionMigration: Migration = {
  version: 16,
  name: 'perf attribution',
  sql: `
    ALTER TABLE perf_rollup_minute ADD COLUMN attribution BYTEA NOT NULL DEFAULT ''::bytea;
    ALTER TABLE perf_rollup_hour ADD COLUMN attribution BYTEA NOT NULL DEFAULT ''::bytea;
    ALTER TABLE perf_rollup_day ADD COLUMN attribution BYTEA NOT NULL DEFAULT ''::bytea;
  `,
};
