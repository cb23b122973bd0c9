import type { Migration } from './migration.js';

/**
 * Migration 13: occurrence rollups of client logs per hour and UTC day × group × release
 * (logs/occurrenceRollups.ts), as SQLite's migration 18. A row names its group and release by a
 * small integer key (`log_rollup_keys`), so the rows that repeat every hour stay narrow. The hour
 * table is partitioned by `start` with a DEFAULT partition (partitions.ts makes the days); the
 * day table is small and plain. The second index serves the console's reads of a few groups
 * over a window; it leaves `occurrences` out (as SQLite's), so ingest's updates of a row stay
 * HOT (no index entry rewritten): an index-only scan of rows updated all hour would not repay it.
 * Occurrences counted before this version come from the per-minute counts (the 90 days they
 * are kept), so an upgraded console shows the totals it showed; those counts carry no release,
 * so they join the "no release" rows ('').
 */
export const logRollupsMigration: Migration = {
  version: 13,
  name: 'log rollups',
  sql: `
    CREATE TABLE log_rollup_keys (
      id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      group_id TEXT NOT NULL,
      release TEXT NOT NULL,
      UNIQUE (group_id, release)
    );
    CREATE TABLE log_rollup_hour (
      start BIGINT NOT NULL,
      key_id BIGINT NOT NULL,
      occurrences BIGINT NOT NULL,
      PRIMARY KEY (start, key_id)
    ) PARTITION BY RANGE (start);
    CREATE TABLE log_rollup_hour_default PARTITION OF log_rollup_hour DEFAULT;
    CREATE INDEX log_rollup_hour_key ON log_rollup_hour (key_id, start);
    CREATE TABLE log_rollup_day (
      start BIGINT NOT NULL,
      key_id BIGINT NOT NULL,
      occurrences BIGINT NOT NULL,
      PRIMARY KEY (start, key_id)
    );
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
