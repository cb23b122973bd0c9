import type { Migration } from './migration.js';

/**
 * Migration 22: the consent regimes. Every US National choice a visitor saved (newest found by
 * visitor, kept as long as TCF choices), with the country and region the request came from; TCF
 * choices gain the country too (NULL for those stored before), so the console splits both by it.
 */
export const migration: Migration = {
  version: 22,
  name: 'usnat choices, consent country',
  sql: `
    CREATE TABLE usnat_choices (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      visitor_id TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      sale_opt_out INTEGER NOT NULL,
      sharing_opt_out INTEGER NOT NULL,
      targeted_advertising_opt_out INTEGER NOT NULL,
      gpc INTEGER NOT NULL,
      country TEXT NOT NULL,
      region TEXT,
      language TEXT,
      user_agent TEXT
    );
    CREATE INDEX usnat_choices_visitor ON usnat_choices (visitor_id, created_at DESC);
    CREATE INDEX usnat_choices_created ON usnat_choices (created_at);
    ALTER TABLE consent_choices ADD COLUMN country TEXT;
  `,
};
