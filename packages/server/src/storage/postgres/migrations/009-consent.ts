import type { Migration } from './migration.js';

/**
 * Migration 9: consent choices, partitioned by the day they were made (kept longer than other raw
 * rows: a choice stays valid up to 13 months). A visitor's newest choice is also kept in
 * `consent_latest`, one row per visitor, so the lookup a returning visitor triggers is one index
 * probe instead of one per daily partition. `seq` orders choices made in the same millisecond.
 */
export const consentMigration: Migration = {
  version: 9,
  name: 'consent choices',
  sql: `
    CREATE TABLE consent_choices (
      seq BIGSERIAL,
      visitor_id TEXT NOT NULL,
      created_at BIGINT NOT NULL,
      choice TEXT NOT NULL,
      tc_string TEXT NOT NULL,
      gvl_version INTEGER NOT NULL,
      policy_version INTEGER NOT NULL,
      language TEXT,
      user_agent TEXT,
      purposes INTEGER[] NOT NULL,
      special_features INTEGER[] NOT NULL,
      vendors INTEGER[] NOT NULL,
      objected_purposes INTEGER[] NOT NULL,
      objected_vendors INTEGER[] NOT NULL,
      disclosed_vendors INTEGER[],
      reconsent_reason TEXT
    ) PARTITION BY RANGE (created_at);
    CREATE TABLE consent_choices_default PARTITION OF consent_choices DEFAULT;
    CREATE INDEX consent_choices_created ON consent_choices (created_at);
    CREATE TABLE consent_latest (
      visitor_id TEXT PRIMARY KEY,
      created_at BIGINT NOT NULL,
      choice JSONB NOT NULL
    );
    CREATE INDEX consent_latest_created ON consent_latest (created_at);
  `,
};
