import type { Migration } from './migration.js';

/**
 * Migration 23: the perf rollups' attribution (perf/attribution/attributionStats.ts): per row,
 * each metric's offenders (at most 50 per kind, then "other") and subpart sketches, encoded in
 * one blob beside `sketches`; empty for rows without attribution and for rows written before.
 * (22 is the consent regimes' US choices.)
 */
export const migration: Migration = {
  version: 23,
  name: 'perf attribution',
  sql: `
    ALTER TABLE perf_rollup_minute ADD COLUMN attribution BLOB NOT NULL DEFAULT x'';
    ALTER TABLE perf_rollup_hour ADD COLUMN attribution BLOB NOT NULL DEFAULT x'';
    ALTER TABLE perf_rollup_day ADD COLUMN attribution BLOB NOT NULL DEFAULT x'';
  `,
};
