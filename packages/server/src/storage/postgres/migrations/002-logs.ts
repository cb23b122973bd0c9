import type { Migration } from './migration.js';

/**
 * Migration 2: client-log groups and their occurrences.
 * - `log_groups`: one row per group with its running count; `next_seq` numbers its occurrences.
 * - `log_occurrences`: a ring per group — the n-th occurrence lives in slot n mod the ring size
 *   and overwrites the one a ring before it, so a group stays bounded at no cost on ingest. Being
 *   bounded per group rather than growing with time, it is not partitioned by day. Retried
 *   messages are recognised by `ingest_keys`, not here: the ring forgets old message ids.
 * - `log_ignored`: messages the operator's rules dropped, summed over a few rows picked at random,
 *   so concurrent batches on many instances do not queue behind one row lock.
 * Keys and names sort as bytes (COLLATE "C"), as they do in the SQLite store.
 * Free text is kept exactly as sent, which PostgreSQL text cannot do for U+0000 (or an unpaired
 * surrogate): such a message or file name is searched in `log_groups` with U+FFFD in its place,
 * and `exact` holds the original (null when there was nothing to replace). Text that is only
 * read back (occurrence URL and browser, stacks, arguments, context) is in `json` columns, which
 * keep any character escaped — not `jsonb`, which refuses the \u0000 escape.
 */
export const logsMigration: Migration = {
  version: 2,
  name: 'client logs',
  sql: `
    CREATE TABLE log_groups (
      group_id TEXT COLLATE "C" PRIMARY KEY,
      product TEXT COLLATE "C" NOT NULL,
      level INTEGER NOT NULL,
      type TEXT NOT NULL,
      message TEXT NOT NULL,
      file_name TEXT,
      line_no INTEGER,
      col_no INTEGER,
      count BIGINT NOT NULL DEFAULT 0,
      first_seen BIGINT NOT NULL,
      last_seen BIGINT NOT NULL,
      stack JSON NOT NULL,
      exact JSON,
      next_seq BIGINT NOT NULL DEFAULT 0
    );
    CREATE INDEX log_groups_last_seen ON log_groups (last_seen DESC, group_id);
    CREATE INDEX log_groups_product ON log_groups (product);
    CREATE TABLE log_occurrences (
      group_id TEXT COLLATE "C" NOT NULL REFERENCES log_groups (group_id) ON DELETE CASCADE,
      slot INTEGER NOT NULL,
      seq BIGINT NOT NULL,
      message_id TEXT NOT NULL,
      received_at BIGINT NOT NULL,
      occurrences INTEGER NOT NULL,
      url JSON,
      user_agent JSON,
      extra_args JSON NOT NULL,
      context JSON NOT NULL,
      PRIMARY KEY (group_id, slot)
    );
    CREATE TABLE log_ignored (
      shard SMALLINT PRIMARY KEY,
      value BIGINT NOT NULL
    );
  `,
};
