import type { Migration } from './migration.js';

/**
 * Migration 3: releases, source maps and the issue workflow, beside the log tables.
 * - `releases`: every release seen in a message or given maps; `seq` orders them by first sight
 *   ("a newer release" for regressions). `last_seen` moves only with artifacts: occurrences keep
 *   theirs in `log_group_releases`, so ingest never waits on the current release's single row.
 * - `log_group_releases`: occurrences of each group per release.
 * - `log_group_state`: where each group stands (no row: unresolved).
 * - `log_group_minutes`: occurrences per group and minute, for the chart and per-minute rates.
 * - `log_group_stacks`: one stack per group and release ('' when none), with its resolution.
 * - `log_group_events`: new and regressed groups. `id` is handed out when the events are read,
 *   in commit order (see releases.ts), so a reader's cursor never passes an event still being
 *   written by a transaction that started earlier; `row_id` is only the insertion order.
 * - `release_artifacts`: uploaded source maps per release and minified-file URL.
 */
export const releasesMigration: Migration = {
  version: 3,
  name: 'releases, source maps and issue workflow',
  sql: `
    CREATE TABLE releases (
      name TEXT COLLATE "C" PRIMARY KEY,
      seq BIGINT GENERATED ALWAYS AS IDENTITY UNIQUE,
      first_seen BIGINT NOT NULL,
      last_seen BIGINT NOT NULL
    );
    CREATE TABLE log_group_releases (
      group_id TEXT COLLATE "C" NOT NULL REFERENCES log_groups (group_id) ON DELETE CASCADE,
      release TEXT COLLATE "C" NOT NULL,
      count BIGINT NOT NULL,
      first_seen BIGINT NOT NULL,
      last_seen BIGINT NOT NULL,
      PRIMARY KEY (group_id, release)
    );
    CREATE INDEX log_group_releases_release ON log_group_releases (release);
    CREATE TABLE log_group_state (
      group_id TEXT COLLATE "C" PRIMARY KEY REFERENCES log_groups (group_id) ON DELETE CASCADE,
      status TEXT NOT NULL CHECK (status IN ('unresolved', 'resolved', 'ignored', 'regressed')),
      status_changed_at BIGINT,
      resolved_release TEXT COLLATE "C",
      regressed_release TEXT COLLATE "C",
      ignore_left BIGINT,
      ignore_until BIGINT
    );
    CREATE TABLE log_group_minutes (
      group_id TEXT COLLATE "C" NOT NULL REFERENCES log_groups (group_id) ON DELETE CASCADE,
      minute BIGINT NOT NULL,
      count BIGINT NOT NULL,
      PRIMARY KEY (group_id, minute)
    );
    CREATE INDEX log_group_minutes_minute ON log_group_minutes (minute);
    CREATE TABLE log_group_stacks (
      group_id TEXT COLLATE "C" NOT NULL REFERENCES log_groups (group_id) ON DELETE CASCADE,
      release TEXT COLLATE "C" NOT NULL,
      stack JSON NOT NULL,
      resolved JSON,
      resolved_at BIGINT,
      PRIMARY KEY (group_id, release)
    );
    CREATE INDEX log_group_stacks_release ON log_group_stacks (release);
    CREATE TABLE log_group_events (
      row_id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      id BIGINT UNIQUE,
      kind TEXT NOT NULL CHECK (kind IN ('new', 'regressed')),
      group_id TEXT COLLATE "C" NOT NULL,
      release TEXT COLLATE "C",
      at BIGINT NOT NULL
    );
    CREATE INDEX log_group_events_unnumbered ON log_group_events (row_id) WHERE id IS NULL;
    CREATE INDEX log_group_events_release ON log_group_events (release, kind);
    CREATE TABLE release_artifacts (
      release TEXT COLLATE "C" NOT NULL,
      url TEXT COLLATE "C" NOT NULL,
      map TEXT NOT NULL,
      size INTEGER NOT NULL,
      uploaded_at BIGINT NOT NULL,
      PRIMARY KEY (release, url)
    );
  `,
};
