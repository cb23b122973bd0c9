import type { Migration } from './migration.js';

/**
 * Migration 14: the ring of occurrences loses its unique (group_id, message_id) index. Since
 * migration 13, `log_message_ids` alone decides whether a message was counted, so the index only
 * cost every ring write a delete and an insert in it (12–22% of a log batch's store time,
 * measured in process), and made forgetting old ids check the ring first.
 */
export const migration: Migration = {
  version: 14,
  name: 'ring without message index',
  sql: `
    DROP INDEX log_occurrences_message;
  `,
};
