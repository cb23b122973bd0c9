import type { Migration } from './migration.js';

/**
 * Migration 7: what pages report they gave up, one row per report and reason, partitioned by the
 * day received. A retried report counts once through ingest_keys (kind 'drops:<source>': the
 * logger's and analytics' transports make their report ids independently of each other).
 */
export const dropsMigration: Migration = {
  version: 7,
  name: 'dropped item counts',
  sql: `
    CREATE TABLE drop_counts (
      source TEXT NOT NULL CHECK (source IN ('logs', 'analytics')),
      report_id TEXT NOT NULL,
      reason TEXT NOT NULL,
      product TEXT,
      count INTEGER NOT NULL CHECK (count > 0),
      received_at BIGINT NOT NULL
    ) PARTITION BY RANGE (received_at);
    CREATE TABLE drop_counts_default PARTITION OF drop_counts DEFAULT;
    CREATE INDEX drop_counts_received ON drop_counts (received_at);
  `,
};
