import type { Migration } from './migration.js';

/**
 * Migration 17: the attribution rollups in tables of their own, as SQLite's migration 24: a row
 * per start × scope (a perf_rollup_keys id, or 0 for the whole site) × metric. Minute and hour
 * tables are partitioned by day like the other rollups (partitions.ts keeps them); day rows are
 * few and stay in one plain table. The column migration 16 added is no longer written.
 */
const table = (level: string, partitioned: boolean) => `
  CREATE TABLE perf_attribution_rollup_${level} (
    start BIGINT NOT NULL,
    scope INTEGER NOT NULL,
    metric SMALLINT NOT NULL,
    data BYTEA NOT NULL,
    PRIMARY KEY (start, scope, metric)
  )${partitioned ? ' PARTITION BY RANGE (start)' : ''};${
    partitioned ? `\n  CREATE TABLE perf_attribution_rollup_${level}_default PARTITION OF perf_attribution_rollup_${level} DEFAULT;` : ''
  }`;

export const perfAttributionRollupsMigration: Migration = {
  version: 17,
  name: 'perf attribution rollups',
  sql: [table('minute', true), table('hour', true), table('day', false)].join('\n'),
};
