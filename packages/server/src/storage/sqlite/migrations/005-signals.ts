import type { Migration } from './migration.js';

/**
 * Migration 5: signal reports (one per nonce: the replay guard) and token-only fallback hits.
 */
export const migration: Migration = {
  version: 5,
  name: 'browser signals',
  sql: `
  CREATE TABLE signal_reports (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    nonce TEXT NOT NULL UNIQUE,
    received_at INTEGER NOT NULL,
    client_ts INTEGER NOT NULL,
    user_agent TEXT,
    automation INTEGER NOT NULL,
    score INTEGER NOT NULL,
    reasons TEXT NOT NULL,
    time_zone TEXT NOT NULL,
    language TEXT NOT NULL,
    screen TEXT NOT NULL,
    signals TEXT NOT NULL
  );
  CREATE INDEX signal_reports_received ON signal_reports (received_at);
  CREATE TABLE signal_fallbacks (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    received_at INTEGER NOT NULL,
    user_agent TEXT
  );
  CREATE INDEX signal_fallbacks_received ON signal_fallbacks (received_at);
`,
};
