import type { Migration } from './migration.js';

/**
 * Migration 18: occurrence rollups of client logs per hour and UTC day × group × release
 * (logs/occurrenceRollups.ts). A row names its group and release by a small integer key
 * (`log_rollup_keys`), so the rows that repeat every hour stay three integers wide. `start` leads
 * the primary key (retention purges by it, and ingest's rows of the current hour share a few
 * pages); the second index serves the console's reads of a few groups over a window. It leaves
 * `occurrences` out on purpose: covering the reads made a 100-group list over 30 days 2 to 3
 * times faster, but doubled the cost of every ingest upsert, and ingest is the tighter budget.
 * Occurrences counted before this version come from the per-minute counts (the 90 days they
 * are kept), so an upgraded console shows the totals it showed; those counts carry no release,
 * so they join the "no release" rows ('').
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
    -- What was counted before: the minute counts, per hour and per day, without a release.
    INSERT INTO log_rollup_keys (group_id, release) SELECT DISTINCT group_id, '' FROM log_group_minutes;
    INSERT INTO log_rollup_hour (start, key_id, occurrences)
      SELECT (m.minute / 3600000) * 3600000, k.id, sum(m.count)
        FROM log_group_minutes m JOIN log_rollup_keys k ON k.group_id = m.group_id AND k.release = ''
       GROUP BY 1, 2;
    INSERT INTO log_rollup_day (start, key_id, occurrences)
      SELECT (m.minute / 86400000) * 86400000, k.id, sum(m.count)
        FROM log_group_minutes m JOIN log_rollup_keys k ON k.group_id = m.group_id AND k.release = ''
       GROUP BY 1, 2;
  `,
};
