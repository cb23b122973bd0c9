import type { Migration } from './migration.js';

/**
 * Migration 10: releases, source maps and the issue workflow, beside the log tables (which it
 * does not change).
 * - `releases`: every release seen in a message or given maps; `seq` orders them by first sight,
 *   which is what "a newer release" means for regressions (clocks tie, a sequence does not).
 * - `log_group_releases`: occurrences of each group per release.
 * - `log_group_state`: where each group stands; existing groups start unresolved, so their next
 *   occurrence is not mistaken for a new group.
 * - `log_group_minutes`: occurrences per group and minute, for the chart and per-minute rates.
 * - `log_group_stacks`: one stack per group and release ('' when none), with its resolution
 *   through that release's maps cached once made.
 * - `log_group_events`: new and regressed groups in order, for the Releases view and alerts.
 * - `release_artifacts`: uploaded source maps per release and minified-file URL.
 */
export const migration: Migration = {
  version: 10,
  name: 'releases, source maps and issue workflow',
  sql: `
    CREATE TABLE releases (
      name TEXT PRIMARY KEY,
      seq INTEGER NOT NULL UNIQUE,
      first_seen INTEGER NOT NULL,
      last_seen INTEGER NOT NULL
    );
    CREATE TABLE log_group_releases (
      group_id TEXT NOT NULL REFERENCES log_groups (group_id) ON DELETE CASCADE,
      release TEXT NOT NULL,
      count INTEGER NOT NULL,
      first_seen INTEGER NOT NULL,
      last_seen INTEGER NOT NULL,
      PRIMARY KEY (group_id, release)
    ) WITHOUT ROWID;
    CREATE INDEX log_group_releases_release ON log_group_releases (release);
    CREATE TABLE log_group_state (
      group_id TEXT PRIMARY KEY REFERENCES log_groups (group_id) ON DELETE CASCADE,
      status TEXT NOT NULL CHECK (status IN ('unresolved', 'resolved', 'ignored', 'regressed')),
      status_changed_at INTEGER,
      resolved_release TEXT,
      regressed_release TEXT,
      ignore_left INTEGER,
      ignore_until INTEGER
    ) WITHOUT ROWID;
    INSERT INTO log_group_state (group_id, status) SELECT group_id, 'unresolved' FROM log_groups;
    CREATE TABLE log_group_minutes (
      group_id TEXT NOT NULL REFERENCES log_groups (group_id) ON DELETE CASCADE,
      minute INTEGER NOT NULL,
      count INTEGER NOT NULL,
      PRIMARY KEY (group_id, minute)
    ) WITHOUT ROWID;
    CREATE INDEX log_group_minutes_minute ON log_group_minutes (minute);
    CREATE TABLE log_group_stacks (
      id INTEGER PRIMARY KEY,
      group_id TEXT NOT NULL REFERENCES log_groups (group_id) ON DELETE CASCADE,
      release TEXT NOT NULL,
      stack TEXT NOT NULL,
      resolved TEXT,
      resolved_at INTEGER,
      UNIQUE (group_id, release)
    );
    CREATE INDEX log_group_stacks_release ON log_group_stacks (release);
    CREATE TABLE log_group_events (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      kind TEXT NOT NULL CHECK (kind IN ('new', 'regressed')),
      group_id TEXT NOT NULL,
      release TEXT,
      at INTEGER NOT NULL
    );
    CREATE INDEX log_group_events_release ON log_group_events (release, kind);
    CREATE TABLE release_artifacts (
      id INTEGER PRIMARY KEY,
      release TEXT NOT NULL,
      url TEXT NOT NULL,
      map TEXT NOT NULL,
      size INTEGER NOT NULL,
      uploaded_at INTEGER NOT NULL,
      UNIQUE (release, url)
    );
  `,
};
