import type { Migration } from './migration.js';

/**
 * Migration 25: the browser family (perf/browserFamily.ts) as a perf dimension. A rollup key
 * names a page and, for a family's rows, that family; a page's key without one (every key made
 * before) holds the rows of all its reports. Raw reports keep their family for the raw list's
 * filter. Rows and reports stored before this have none: they count in every read without a
 * family and in no family's. (23 is the perf attribution.)
 */
export const migration: Migration = {
  version: 25,
  name: 'perf browser family',
  sql: `
    ALTER TABLE perf_rollup_keys ADD COLUMN browser TEXT;
    ALTER TABLE perf_reports ADD COLUMN browser TEXT;
  `,
};
