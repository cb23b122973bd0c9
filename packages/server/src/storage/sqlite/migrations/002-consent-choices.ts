import type { Migration } from './migration.js';

/**
 * Migration 2: every banner choice a visitor saved, newest found by visitor.
 */
export const migration: Migration = {
  version: 2,
  name: 'consent choices',
  sql: `
  CREATE TABLE consent_choices (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    visitor_id TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    choice TEXT NOT NULL,
    tc_string TEXT NOT NULL,
    gvl_version INTEGER NOT NULL,
    policy_version INTEGER NOT NULL,
    language TEXT,
    user_agent TEXT,
    purposes TEXT NOT NULL,
    special_features TEXT NOT NULL,
    vendors TEXT NOT NULL
  );
  CREATE INDEX consent_choices_visitor ON consent_choices (visitor_id, created_at DESC);
  CREATE INDEX consent_choices_created ON consent_choices (created_at);
`,
};
