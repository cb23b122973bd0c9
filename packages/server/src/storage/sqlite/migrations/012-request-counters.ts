import type { Migration } from './migration.js';

/**
 * Migration 12: per-client request counters of fixed windows (rate limits shared by every server
 * on the store). One row per key and window, so an increment is one upsert; a window's row is
 * useless once it has ended, and the index on `window_end` lets those go in one range delete.
 * (Migration 1's `counters` holds named running totals, a different thing.)
 */
export const migration: Migration = {
  version: 12,
  name: 'request counters',
  sql: `
    CREATE TABLE request_counters (
      key TEXT NOT NULL,
      window_end INTEGER NOT NULL,
      count INTEGER NOT NULL,
      PRIMARY KEY (key, window_end)
    ) WITHOUT ROWID;
    CREATE INDEX request_counters_window_end ON request_counters (window_end);
  `,
};
