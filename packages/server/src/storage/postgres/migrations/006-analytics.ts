import type { Migration } from './migration.js';

/**
 * Migration 6: analytics hits, one row per page view or event, partitioned by the day received.
 * Deduplicated through ingest_keys (kind 'analytics'), like perf reports.
 */
export const analyticsMigration: Migration = {
  version: 6,
  name: 'analytics hits',
  sql: `
    CREATE TABLE analytics_hits (
      client_id TEXT,
      received_at BIGINT NOT NULL,
      timestamp BIGINT NOT NULL,
      type TEXT NOT NULL,
      path TEXT NOT NULL,
      non_interaction BOOLEAN NOT NULL,
      vertical TEXT, locale TEXT, affiliate TEXT, affiliateskin TEXT, experiment TEXT,
      page_id TEXT, sub_page_id TEXT, presentation TEXT, pixel_context TEXT, login_state TEXT,
      session_id TEXT, placement TEXT, searchid TEXT,
      category TEXT, action TEXT, label TEXT, value DOUBLE PRECISION, params JSONB
    ) PARTITION BY RANGE (received_at);
    CREATE TABLE analytics_hits_default PARTITION OF analytics_hits DEFAULT;
    CREATE INDEX analytics_hits_received ON analytics_hits (received_at);
  `,
};
