import type { Migration } from './migration.js';

/**
 * Migration 20: a group's ring holds deliveries, not single occurrences. One row is one batch's
 * new occurrences of the group, as a JSON array in `items` (newest last), so a batch writes one
 * ring row per group instead of one per message: those per-message writes were about a quarter
 * of a log batch's store time. `log_groups.next_seq` now numbers deliveries; every occurrence
 * already stored becomes a one-item delivery in the slot and with the seq it had, so the ring
 * carries on where it was.
 */
export const migration: Migration = {
  version: 20,
  name: 'log ring of deliveries',
  sql: `
    CREATE TABLE log_deliveries (
      id INTEGER PRIMARY KEY,
      group_id TEXT NOT NULL REFERENCES log_groups (group_id) ON DELETE CASCADE,
      slot INTEGER NOT NULL,
      seq INTEGER NOT NULL,
      received_at INTEGER NOT NULL,
      items TEXT NOT NULL
    );
    INSERT INTO log_deliveries (group_id, slot, seq, received_at, items)
    SELECT group_id, slot, seq, received_at,
           json_array(json_object('id', message_id, 'receivedAt', received_at, 'occurrences', occurrences,
                                  'url', url, 'userAgent', user_agent,
                                  'extraArgs', json(extra_args), 'context', json(context)))
      FROM log_occurrences ORDER BY group_id, seq;
    DROP TABLE log_occurrences;
    CREATE UNIQUE INDEX log_deliveries_slot ON log_deliveries (group_id, slot);
  `,
};
