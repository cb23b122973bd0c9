import type { Migration } from './migration.js';

/**
 * Migration 21: counted log message ids keyed by the id first, without an index on their time.
 * Clients make ids that start with the time (the platform's newId), so keyed id first, a batch's
 * ids go next to each other at the end of the key, where group first they went to the end of each
 * group's range: a commit of one 20-message batch of five groups wrote about 12 pages of this
 * table to the WAL. The index on `received_at` cost every message a second B-tree insert to serve
 * a purge that runs once a day; retention now finds expired ids by walking the key a chunk at a
 * time instead (retentionSweep.ts), off the ingest path.
 */
export const migration: Migration = {
  version: 21,
  name: 'message ids keyed by id, without a time index',
  sql: `
    CREATE TABLE log_message_keys (
      message_id TEXT NOT NULL,
      group_id TEXT NOT NULL,
      received_at INTEGER NOT NULL,
      PRIMARY KEY (message_id, group_id)
    ) WITHOUT ROWID;
    INSERT INTO log_message_keys (message_id, group_id, received_at)
    SELECT message_id, group_id, received_at FROM log_message_ids;
    DROP TABLE log_message_ids;
    ALTER TABLE log_message_keys RENAME TO log_message_ids;
  `,
};
