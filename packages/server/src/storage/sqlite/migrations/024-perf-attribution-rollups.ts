import type { Migration } from './migration.js';

/**
 * Migration 24: the attribution rollups in tables of their own, a row per start × scope × metric
 * (perf/attribution/metricRollup.ts: the metric's report count and value sketch, its subparts and
 * offenders). `scope` is a perf_rollup_keys id, or 0 for the whole site, whose rows are summed at
 * ingest so the site-wide "What to fix" read is one row per period. The column migration 23 added
 * to perf_rollup_<level> is no longer written (a read of one metric had to decode all three, for
 * every page). The primary key leads with `start`, as every rollup table's (retention's purge).
 */
const table = (level: string) => `
  CREATE TABLE perf_attribution_rollup_${level} (
    start INTEGER NOT NULL,
    scope INTEGER NOT NULL,
    metric INTEGER NOT NULL,
    data BLOB NOT NULL,
    PRIMARY KEY (start, scope, metric)
  );`;

export const migration: Migration = {
  version: 24,
  name: 'perf attribution rollups',
  sql: ['minute', 'hour', 'day'].map(table).join('\n'),
};
