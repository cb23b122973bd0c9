import type { Migration } from './migration.js';

/**
 * Migration 3: performance reports, one row per page view; the nt_* numbers as JSON.
 */
export const migration: Migration = {
  version: 3,
  name: 'performance reports',
  sql: `
    CREATE TABLE perf_reports (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      received_at INTEGER NOT NULL,
      url TEXT,
      vertical TEXT,
      page_id TEXT,
      sub_page_id TEXT,
      page_tag TEXT,
      user_agent TEXT,
      nav_start INTEGER,
      protocol TEXT,
      timing TEXT NOT NULL,
      lcp REAL, cls REAL, inp REAL, fid REAL, fcp REAL, ttfb REAL
    );
    CREATE INDEX perf_reports_received ON perf_reports (received_at);
    CREATE INDEX perf_reports_page ON perf_reports (vertical, page_id, sub_page_id, received_at);
  `,
};
