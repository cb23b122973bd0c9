import type { Migration } from './migration.js';

/**
 * Migration 4: alert rules, their deliveries with every attempt, and the evaluator's cursors.
 * A delivery's (rule, dedupe key) is unique, so a condition seen by two evaluations (or two
 * instances) is queued once; deleting a rule deletes its history.
 */
export const alertsMigration: Migration = {
  version: 4,
  name: 'alert rules and webhook deliveries',
  sql: `
    CREATE TABLE alert_rules (
      id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      name TEXT NOT NULL,
      kind TEXT NOT NULL CHECK (kind IN ('new-group', 'group-rate', 'regression', 'vitals-p75')),
      conditions JSON NOT NULL,
      webhook_url TEXT NOT NULL,
      secret TEXT NOT NULL,
      enabled BOOLEAN NOT NULL,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL
    );
    CREATE TABLE alert_deliveries (
      id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      rule_id BIGINT NOT NULL REFERENCES alert_rules (id) ON DELETE CASCADE,
      kind TEXT NOT NULL,
      dedupe_key TEXT NOT NULL,
      subject TEXT NOT NULL,
      summary TEXT NOT NULL,
      payload TEXT NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
      next_attempt_at BIGINT,
      created_at BIGINT NOT NULL,
      delivered_at BIGINT,
      UNIQUE (rule_id, dedupe_key)
    );
    CREATE INDEX alert_deliveries_due ON alert_deliveries (status, next_attempt_at);
    CREATE INDEX alert_deliveries_subject ON alert_deliveries (rule_id, subject, created_at);
    CREATE INDEX alert_deliveries_created ON alert_deliveries (created_at);
    CREATE TABLE alert_attempts (
      id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      delivery_id BIGINT NOT NULL REFERENCES alert_deliveries (id) ON DELETE CASCADE,
      at BIGINT NOT NULL,
      status INTEGER NOT NULL,
      error TEXT,
      duration_ms INTEGER NOT NULL
    );
    CREATE INDEX alert_attempts_delivery ON alert_attempts (delivery_id, at);
    CREATE TABLE alert_cursors (
      name TEXT PRIMARY KEY,
      value BIGINT NOT NULL
    );
  `,
};
