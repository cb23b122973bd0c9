import type { Migration } from './migration.js';

/**
 * Migration 5: performance reports, one row per page view, partitioned by the day it was received
 * (partitions.ts keeps the days). The client's id is not unique here (a unique index would have to
 * include received_at, which a retry changes): ingest_keys deduplicates. `seq` orders reports
 * received in the same millisecond, newest stored first, as the SQLite store's rowid does.
 */
export const perfMigration: Migration = {
  version: 5,
  name: 'performance reports',
  sql: `
    CREATE TABLE perf_reports (
      seq BIGSERIAL,
      client_id TEXT,
      received_at BIGINT NOT NULL,
      url TEXT,
      vertical TEXT,
      page_id TEXT,
      sub_page_id TEXT,
      page_tag TEXT,
      user_agent TEXT,
      nav_start BIGINT,
      protocol TEXT,
      timing JSONB NOT NULL,
      lcp DOUBLE PRECISION, cls DOUBLE PRECISION, inp DOUBLE PRECISION,
      fid DOUBLE PRECISION, fcp DOUBLE PRECISION, ttfb DOUBLE PRECISION
    ) PARTITION BY RANGE (received_at);
    CREATE TABLE perf_reports_default PARTITION OF perf_reports DEFAULT;
    CREATE INDEX perf_reports_received ON perf_reports (received_at);
    CREATE INDEX perf_reports_page ON perf_reports (vertical, page_id, sub_page_id, received_at);
  `,
};
