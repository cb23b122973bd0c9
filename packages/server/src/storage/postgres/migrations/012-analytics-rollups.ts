import type { Migration } from './migration.js';

/**
 * Migration 12: analytics rollups (issue 11), the same tables as SQLite's migration 17. Each
 * distinct dimension tuple (analytics/rollupTuple.ts) is one row of `analytics_rollup_keys`, found
 * by the digest of its text (a unique index on the text itself could exceed a btree entry with a
 * long path); rollup rows are (start, key_id, n). The minute and hour tables are partitioned by
 * day of `start` like the raw tables (partitions.ts keeps them); the day table is small and plain.
 *
 * Hits stored before this version are counted into every level here, so the console's numbers
 * stay what they were. Their tuples get keys of their own (digest `migration 12: <n>`); ingest
 * then makes its own key for a tuple it meets again, which reads merge with this one by tuple.
 */
export const analyticsRollupsMigration: Migration = {
  version: 12,
  name: 'analytics rollups',
  sql: `
    CREATE TABLE analytics_rollup_keys (
      id SERIAL PRIMARY KEY,
      digest TEXT NOT NULL UNIQUE,
      type TEXT NOT NULL,
      non_interaction BOOLEAN NOT NULL,
      path TEXT NOT NULL,
      category TEXT, vertical TEXT, locale TEXT, affiliate TEXT
    );
    CREATE TABLE analytics_rollup_minute (
      start BIGINT NOT NULL, key_id INTEGER NOT NULL, n BIGINT NOT NULL, PRIMARY KEY (start, key_id)
    ) PARTITION BY RANGE (start);
    CREATE TABLE analytics_rollup_minute_default PARTITION OF analytics_rollup_minute DEFAULT;
    CREATE TABLE analytics_rollup_hour (
      start BIGINT NOT NULL, key_id INTEGER NOT NULL, n BIGINT NOT NULL, PRIMARY KEY (start, key_id)
    ) PARTITION BY RANGE (start);
    CREATE TABLE analytics_rollup_hour_default PARTITION OF analytics_rollup_hour DEFAULT;
    CREATE TABLE analytics_rollup_day (
      start BIGINT NOT NULL, key_id INTEGER NOT NULL, n BIGINT NOT NULL, PRIMARY KEY (start, key_id)
    );
    INSERT INTO analytics_rollup_keys (digest, type, non_interaction, path, category, vertical, locale, affiliate)
      SELECT 'migration 12: ' || ROW_NUMBER() OVER (), type, ni, path, category, vertical, locale, affiliate
        FROM (SELECT DISTINCT type, (type = 'event' AND non_interaction) AS ni, path, category, vertical, locale, affiliate
                FROM analytics_hits) d;
    INSERT INTO analytics_rollup_minute (start, key_id, n)
      SELECT h.received_at / 60000 * 60000, k.id, COUNT(*)
        FROM analytics_hits h JOIN analytics_rollup_keys k
          ON k.type = h.type AND k.non_interaction = (h.type = 'event' AND h.non_interaction) AND k.path = h.path
         AND k.category IS NOT DISTINCT FROM h.category AND k.vertical IS NOT DISTINCT FROM h.vertical
         AND k.locale IS NOT DISTINCT FROM h.locale AND k.affiliate IS NOT DISTINCT FROM h.affiliate
       GROUP BY 1, 2;
    INSERT INTO analytics_rollup_hour (start, key_id, n)
      SELECT start / 3600000 * 3600000, key_id, SUM(n) FROM analytics_rollup_minute GROUP BY 1, 2;
    INSERT INTO analytics_rollup_day (start, key_id, n)
      SELECT start / 86400000 * 86400000, key_id, SUM(n) FROM analytics_rollup_minute GROUP BY 1, 2;
  `,
};
