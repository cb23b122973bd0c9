import type { Migration } from './migration.js';

/**
 * Migration 17: analytics rollups (issue 11). Each distinct dimension tuple a console filter or
 * breakdown reads (analytics/rollupTuple.ts) is one row of `analytics_rollup_keys`, found by the
 * digest of its text; the rollup tables count hits per row start (epoch ms of the minute, hour or
 * UTC day) and tuple id: three integers a row, clustered by start (WITHOUT ROWID), so a window is
 * one range of each table's primary key.
 *
 * Hits stored before this version are counted into every level here, so the console's numbers
 * stay what they were. Their tuples get keys of their own (digest `migration 17: <n>`); ingest
 * then makes its own key for a tuple it meets again, which reads merge with this one by tuple.
 */
export const migration: Migration = {
  version: 17,
  name: 'analytics rollups',
  sql: `
    CREATE TABLE analytics_rollup_keys (
      id INTEGER PRIMARY KEY,
      digest TEXT NOT NULL UNIQUE,
      type TEXT NOT NULL,
      non_interaction INTEGER NOT NULL,
      path TEXT NOT NULL,
      category TEXT, vertical TEXT, locale TEXT, affiliate TEXT
    );
    CREATE TABLE analytics_rollup_minute (
      start INTEGER NOT NULL, key_id INTEGER NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (start, key_id)
    ) WITHOUT ROWID;
    CREATE TABLE analytics_rollup_hour (
      start INTEGER NOT NULL, key_id INTEGER NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (start, key_id)
    ) WITHOUT ROWID;
    CREATE TABLE analytics_rollup_day (
      start INTEGER NOT NULL, key_id INTEGER NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (start, key_id)
    ) WITHOUT ROWID;
    INSERT INTO analytics_rollup_keys (digest, type, non_interaction, path, category, vertical, locale, affiliate)
      SELECT 'migration 17: ' || ROW_NUMBER() OVER (), type, ni, path, category, vertical, locale, affiliate
        FROM (SELECT DISTINCT type, (type = 'event' AND non_interaction = 1) AS ni, path, category, vertical, locale, affiliate
                FROM analytics_hits);
    INSERT INTO analytics_rollup_minute (start, key_id, n)
      SELECT h.received_at / 60000 * 60000, k.id, COUNT(*)
        FROM analytics_hits h JOIN analytics_rollup_keys k
          ON k.type = h.type AND k.non_interaction = (h.type = 'event' AND h.non_interaction = 1) AND k.path = h.path
         AND k.category IS h.category AND k.vertical IS h.vertical AND k.locale IS h.locale AND k.affiliate IS h.affiliate
       GROUP BY 1, 2;
    INSERT INTO analytics_rollup_hour (start, key_id, n)
      SELECT start / 3600000 * 3600000, key_id, SUM(n) FROM analytics_rollup_minute GROUP BY 1, 2;
    INSERT INTO analytics_rollup_day (start, key_id, n)
      SELECT start / 86400000 * 86400000, key_id, SUM(n) FROM analytics_rollup_minute GROUP BY 1, 2;
  `,
};
