import type { Migration } from './migration.js';

/**
 * Migration 15: the consent regimes. US National choices, partitioned by day and kept as long as
 * TCF choices, with the newest per visitor in `usnat_latest` (one index probe for a returning
 * visitor, as `consent_latest`); the country and region the request came from are stored with
 * each. TCF choices gain the country too (NULL for those stored before), so the console splits
 * both by it.
 */
export const usnatChoicesMigration: Migration = {
  version: 15,
  name: 'usnat choices, consent country',
  sql: `
    CREATE TABLE usnat_choices (
      seq BIGSERIAL,
      visitor_id TEXT NOT NULL,
      created_at BIGINT NOT NULL,
      sale_opt_out BOOLEAN NOT NULL,
      sharing_opt_out BOOLEAN NOT NULL,
      targeted_advertising_opt_out BOOLEAN NOT NULL,
      gpc BOOLEAN NOT NULL,
      country TEXT NOT NULL,
      region TEXT,
      language TEXT,
      user_agent TEXT
    ) PARTITION BY RANGE (created_at);
    CREATE TABLE usnat_choices_default PARTITION OF usnat_choices DEFAULT;
    CREATE INDEX usnat_choices_created ON usnat_choices (created_at);
    CREATE TABLE usnat_latest (
      visitor_id TEXT PRIMARY KEY,
      created_at BIGINT NOT NULL,
      choice JSONB NOT NULL
    );
    CREATE INDEX usnat_latest_created ON usnat_latest (created_at);
    ALTER TABLE consent_choices ADD COLUMN country TEXT;
  `,
};
