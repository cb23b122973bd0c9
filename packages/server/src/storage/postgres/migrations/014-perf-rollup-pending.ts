import type { Migration } from './migration.js';

/**
 * Migration 14: what direct ingest has added to the perf rollups but not yet written into them
 * (perfPendingRollups.ts). A row is one ingest transaction's per-minute stats as JSON; a flush
 * takes rows oldest first, deletes them and adds them to every rollup level in one transaction.
 * Nothing else reads the table, and it stays a few seconds of traffic long.
 */
export const perfRollupPendingMigration: Migration = {
  version: 14,
  name: 'perf rollup pending',
  sql: `
    CREATE TABLE perf_rollup_pending (
      id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      minutes TEXT NOT NULL
    );
  `,
};
