import type { Migration } from '../migrate.js';

/**
 * Migration 18: occurrence rollups of client logs per hour and UTC day × group × release
 * (logs/occurrenceRollups.ts). A row names its group and release by a small integer key
 * (`log_rollup_keys`), so the rows that repeat every hour stay three integers wide. `start` leads
 * the primary key (retention purges by it, and ingest's rows of the current hour share a few
 * pages); the second index serves the console's reads of a few groups over a window. It leaves
 * `occurrences` out on purpose: covering the reads made a 100-group list over 30 days 2 to 3
 * times faster, but doubled the cost of every ingest upsert, and ingest is the tighter budget. Rows start with this version: earlier occurrences are not backfilled
 * (the per-minute counts kept so far carry no release).
 */
export const migration: Migration = {
  version: 18,
  name: 'log rollups',
  sql: `
    CREATE TABLE log_rollup_keys (
      id INTEGER PRIMARY KEY,
      group_id TEXT NOT NULL,
      release TEXT NOT NULL,
      UNIQUE (group_id, release)
    );
    CREATE TABLE log_rollup_hour (
      start INTEGER NOT NULL,
      key_id INTEGER NOT NULL,
      occurrences INTEGER NOT NULL,
      PRIMARY KEY (start, key_id)
    ) WITHOUT ROWID;
    CREATE INDEX log_rollup_hour_key ON log_rollup_hour (key_id, start);
    CREATE TABLE log_rollup_day (
      start INTEGER NOT NULL,
      key_id INTEGER NOT NULL,
      occurrences INTEGER NOT NULL,
      PRIMARY KEY (start, key_id)
    ) WITHOUT ROWID;
    CREATE INDEX log_rollup_day_key ON log_rollup_day (key_id, start);
  `,
};
