import type { Migration } from './migration.js';

/**
 * Migration 1: what every capability shares.
 * - `settings`: small named values all instances agree on (secrets, keys, operator settings).
 * - `counters`: fixed-window request counts (rate limits), one row per key holding its current window.
 * - `ingest_keys`: the idempotency keys of ingested items. Time-ordered tables are partitioned by
 *   day, and a unique index on a partitioned table must include the partition key; a retried item
 *   has a new receive time, so only this unpartitioned table can tell it was seen before.
 * (`schema_migrations` is created by the runner itself, which needs it before any migration.)
 */
export const baseMigration: Migration = {
  version: 1,
  name: 'settings, counters, ingest keys',
  sql: `
    CREATE TABLE settings (
      key TEXT PRIMARY KEY,
      value TEXT NOT NULL
    );
    CREATE TABLE counters (
      key TEXT PRIMARY KEY,
      reset_at BIGINT NOT NULL,
      count INTEGER NOT NULL
    );
    CREATE INDEX counters_reset_at ON counters (reset_at);
    CREATE TABLE ingest_keys (
      kind TEXT NOT NULL,
      id TEXT NOT NULL,
      seen_at BIGINT NOT NULL,
      PRIMARY KEY (kind, id)
    );
    CREATE INDEX ingest_keys_seen_at ON ingest_keys (seen_at);
  `,
};
