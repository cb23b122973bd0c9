import type { Migration } from './migration.js';

/**
 * Migration 11: alert rules, their deliveries with every attempt, and the evaluator's cursors.
 * A delivery's (rule, dedupe key) is unique, so a condition seen by two evaluations (or two
 * instances) is queued once; deleting a rule deletes its history.
 */
export const migration: Migration = {
  version: 11,
  name: 'alert rules and webhook deliveries',
  sql: `
    CREATE TABLE alert_rules (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      name TEXT NOT NULL,
      kind TEXT NOT NULL CHECK (kind IN ('new-group', 'group-rate', 'regression', 'vitals-p75')),
      conditions TEXT NOT NULL,
      webhook_url TEXT NOT NULL,
      secret TEXT NOT NULL,
      enabled INTEGER NOT NULL CHECK (enabled IN (0, 1)),
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL
    );
    CREATE TABLE alert_deliveries (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      rule_id INTEGER NOT NULL REFERENCES alert_rules (id) ON DELETE CASCADE,
      kind TEXT NOT NULL,
      dedupe_key TEXT NOT NULL,
      subject TEXT NOT NULL,
      summary TEXT NOT NULL,
      payload TEXT NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
      next_attempt_at INTEGER,
      created_at INTEGER NOT NULL,
      delivered_at INTEGER,
      UNIQUE (rule_id, dedupe_key)
    );
    CREATE INDEX alert_deliveries_due ON alert_deliveries (status, next_attempt_at);
    CREATE INDEX alert_deliveries_subject ON alert_deliveries (rule_id, subject, created_at);
    CREATE INDEX alert_deliveries_created ON alert_deliveries (created_at);
    CREATE TABLE alert_attempts (
      delivery_id INTEGER NOT NULL REFERENCES alert_deliveries (id) ON DELETE CASCADE,
      at INTEGER NOT NULL,
      status INTEGER NOT NULL,
      error TEXT,
      duration_ms INTEGER NOT NULL
    );
    CREATE INDEX alert_attempts_delivery ON alert_attempts (delivery_id, at);
    CREATE TABLE alert_cursors (
      name TEXT PRIMARY KEY,
      value INTEGER NOT NULL
    ) WITHOUT ROWID;
  `,
};
