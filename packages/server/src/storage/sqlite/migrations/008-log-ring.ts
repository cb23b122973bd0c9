import type { Migration } from './migration.js';

/**
 * Migration 8: each group's occurrences become a ring. A group's n-th stored occurrence gets
 * `seq` n and lives in slot n mod 200, overwriting the one 200 before it in place, so keeping a
 * group bounded costs nothing on ingest (it used to be a sorted DELETE per group per batch).
 * The newest 200 rows of every group are carried over, numbered oldest first. (200 was the
 * default ring size when this shipped; it is written out, not imported, so it never changes here.)
 */
export const migration: Migration = {
  version: 8,
  name: 'log occurrences as a ring per group',
  sql: `
    ALTER TABLE log_groups ADD COLUMN next_seq INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE log_ring (
      id INTEGER PRIMARY KEY,
      group_id TEXT NOT NULL REFERENCES log_groups (group_id) ON DELETE CASCADE,
      slot INTEGER NOT NULL,
      seq INTEGER NOT NULL,
      message_id TEXT NOT NULL,
      received_at INTEGER NOT NULL,
      occurrences INTEGER NOT NULL,
      url TEXT,
      user_agent TEXT,
      extra_args TEXT NOT NULL,
      context TEXT NOT NULL
    );
    INSERT INTO log_ring (group_id, slot, seq, message_id, received_at, occurrences, url, user_agent, extra_args, context)
    SELECT group_id, seq, seq, message_id, received_at, occurrences, url, user_agent, extra_args, context
      FROM (SELECT *, min(count(*) OVER (PARTITION BY group_id), 200)
                      - row_number() OVER (PARTITION BY group_id ORDER BY id DESC) AS seq
              FROM log_occurrences)
     WHERE seq >= 0;
    UPDATE log_groups SET next_seq = (SELECT count(*) FROM log_ring WHERE log_ring.group_id = log_groups.group_id);
    DROP TABLE log_occurrences;
    ALTER TABLE log_ring RENAME TO log_occurrences;
    CREATE UNIQUE INDEX log_occurrences_slot ON log_occurrences (group_id, slot);
    CREATE UNIQUE INDEX log_occurrences_message ON log_occurrences (group_id, message_id);
  `,
};
