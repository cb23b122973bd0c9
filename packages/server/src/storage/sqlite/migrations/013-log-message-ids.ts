import type { Migration } from './migration.js';

/**
 * Migration 13: every log message id counted, per group, apart from the ring of occurrences. The
 * ring keeps only a group's newest 200, so a message re-sent after 200 newer ones had pushed it
 * out was counted again; its id now stays here for as long as a retry or a redelivery can come
 * (logs.ts trims by age). No foreign key: an id is remembered before its group's row is written.
 * Seeded from the occurrences the ring still holds.
 */
export const migration: Migration = {
  version: 13,
  name: 'log message ids',
  sql: `
    CREATE TABLE log_message_ids (
      group_id TEXT NOT NULL,
      message_id TEXT NOT NULL,
      received_at INTEGER NOT NULL,
      PRIMARY KEY (group_id, message_id)
    ) WITHOUT ROWID;
    CREATE INDEX log_message_ids_received ON log_message_ids (received_at);
    INSERT INTO log_message_ids (group_id, message_id, received_at)
    SELECT group_id, message_id, received_at FROM log_occurrences;
  `,
};
