import type { Migration } from './migration.js';

/**
 * Migration 4: analytics hits, one row per page view or event.
 */
export const migration: Migration = {
  version: 4,
  name: 'analytics hits',
  sql: `
    CREATE TABLE analytics_hits (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      received_at INTEGER NOT NULL,
      timestamp INTEGER NOT NULL,
      type TEXT NOT NULL,
      path TEXT NOT NULL,
      non_interaction INTEGER NOT NULL,
      vertical TEXT, locale TEXT, affiliate TEXT, affiliateskin TEXT, experiment TEXT,
      page_id TEXT, sub_page_id TEXT, presentation TEXT, pixel_context TEXT, login_state TEXT,
      session_id TEXT, placement TEXT, searchid TEXT,
      category TEXT, action TEXT, label TEXT, value REAL, params TEXT
    );
    CREATE INDEX analytics_hits_received ON analytics_hits (received_at);
  `,
};
