import type { Migration } from './migration.js';

/**
 * Migration 6: what pages report they gave up, one row per report and reason. The key makes a
 * retried report count once; the source is part of it because the logger's and analytics'
 * transports make their report ids independently of each other.
 */
export const migration: Migration = {
  version: 6,
  name: 'dropped item counts',
  sql: `
    CREATE TABLE drop_counts (
      source TEXT NOT NULL CHECK (source IN ('logs', 'analytics')),
      report_id TEXT NOT NULL,
      reason TEXT NOT NULL,
      product TEXT,
      count INTEGER NOT NULL CHECK (count > 0),
      received_at INTEGER NOT NULL,
      PRIMARY KEY (source, report_id, reason)
    ) WITHOUT ROWID;
    CREATE INDEX drop_counts_received ON drop_counts (received_at);
  `,
};
