import type { Migration } from './migration.js';

/**
 * Migration 18: the browser family as a perf dimension, as SQLite's migration 25: the family of
 * a rollup key (NULL for a page's key of every report, as every key made before) and of each raw
 * report. Nullable columns without a default: adding them rewrites no row, partitions included.
 * (16 is the perf attribution.)
 */
export const perfBrowserFamilyMigration: Migration = {
  version: 18,
  name: 'perf browser family',
  sql: `
    ALTER TABLE perf_rollup_keys ADD COLUMN browser TEXT;
    ALTER TABLE perf_reports ADD COLUMN browser TEXT;
  `,
};
