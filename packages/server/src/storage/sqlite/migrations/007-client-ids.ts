import type { Migration } from './migration.js';

/**
 * Migration 7: the client-made id of each perf report and analytics hit, unique, so a retry
 * after a lost reply stores nothing twice (`ON CONFLICT (client_id) DO NOTHING`). Rows from
 * before ids, and from clients older than them, keep NULL, which a unique index allows many times.
 */
export const migration: Migration = {
  version: 7,
  name: 'client ids of perf reports and analytics hits',
  sql: `
    ALTER TABLE perf_reports ADD COLUMN client_id TEXT;
    CREATE UNIQUE INDEX perf_reports_client_id ON perf_reports (client_id);
    ALTER TABLE analytics_hits ADD COLUMN client_id TEXT;
    CREATE UNIQUE INDEX analytics_hits_client_id ON analytics_hits (client_id);
  `,
};
