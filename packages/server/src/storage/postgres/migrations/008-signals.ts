import type { Migration } from './migration.js';

/**
 * Migration 8: signal reports and token-only fallback hits, partitioned by the day received.
 * A report's nonce is claimed in ingest_keys (kind 'signal') in the report's transaction: that
 * key's uniqueness is the replay guard of every instance. Time zone, first language and screen
 * are columns so the console's spreads are plain GROUP BYs.
 */
export const signalsMigration: Migration = {
  version: 8,
  name: 'browser signals',
  sql: `
    CREATE TABLE signal_reports (
      id BIGSERIAL,
      nonce TEXT NOT NULL,
      received_at BIGINT NOT NULL,
      client_ts BIGINT NOT NULL,
      user_agent TEXT,
      automation BOOLEAN NOT NULL,
      score INTEGER NOT NULL,
      reasons JSONB NOT NULL,
      time_zone TEXT NOT NULL,
      language TEXT NOT NULL,
      screen TEXT NOT NULL,
      signals JSONB NOT NULL
    ) PARTITION BY RANGE (received_at);
    CREATE TABLE signal_reports_default PARTITION OF signal_reports DEFAULT;
    CREATE INDEX signal_reports_received ON signal_reports (received_at);
    CREATE TABLE signal_fallbacks (
      id BIGSERIAL,
      received_at BIGINT NOT NULL,
      user_agent TEXT
    ) PARTITION BY RANGE (received_at);
    CREATE TABLE signal_fallbacks_default PARTITION OF signal_fallbacks DEFAULT;
    CREATE INDEX signal_fallbacks_received ON signal_fallbacks (received_at);
  `,
};
