import type { Migration } from './migration.js';

/**
 * Migration 14: what direct ingest has added to the perf and analytics rollups but not yet
 * written into them (perfPendingRollups.ts, analyticsPendingRollups.ts). A row is one ingest
 * transaction's per-minute stats as JSON; a flush takes rows oldest first, deletes them and adds
 * them to every rollup level in one transaction. Nothing else reads these tables, and they stay
 * a few seconds of traffic long. A row a flush cannot read is kept, marked `unreadable`, for
 * someone to look at, rather than stopping every flush after it.
 */
export const rollupPendingMigration: Migration = {
  version: 14,
  name: 'rollup pending',
  sql: `
    CREATE TABLE perf_rollup_pending (
      id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      minutes TEXT NOT NULL,
      unreadable BOOLEAN NOT NULL DEFAULT false
    );
    CREATE TABLE analytics_rollup_pending (
      id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      minutes TEXT NOT NULL,
      unreadable BOOLEAN NOT NULL DEFAULT false
    );
  `,
};
