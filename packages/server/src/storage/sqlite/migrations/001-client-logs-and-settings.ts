import type { Migration } from './migration.js';

/**
 * Migration 1: log groups and their occurrences, operator settings, named counters.
 */
export const migration: Migration = {
  version: 1,
  name: 'client logs and settings',
  sql: `
      CREATE TABLE log_groups (
        group_id TEXT PRIMARY KEY,
        product TEXT NOT NULL,
        level INTEGER NOT NULL,
        type TEXT NOT NULL,
        message TEXT NOT NULL,
        file_name TEXT,
        line_no INTEGER,
        col_no INTEGER,
        count INTEGER NOT NULL DEFAULT 0,
        first_seen INTEGER NOT NULL,
        last_seen INTEGER NOT NULL,
        stack TEXT NOT NULL
      );
      CREATE INDEX log_groups_last_seen ON log_groups (last_seen DESC);
      CREATE TABLE log_occurrences (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        group_id TEXT NOT NULL REFERENCES log_groups (group_id) ON DELETE CASCADE,
        message_id TEXT NOT NULL,
        received_at INTEGER NOT NULL,
        occurrences INTEGER NOT NULL,
        url TEXT,
        user_agent TEXT,
        extra_args TEXT NOT NULL,
        context TEXT NOT NULL
      );
      CREATE UNIQUE INDEX log_occurrences_message ON log_occurrences (group_id, message_id);
      CREATE TABLE settings (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
      CREATE TABLE counters (
        name TEXT PRIMARY KEY,
        value INTEGER NOT NULL
      );
    `,
};
