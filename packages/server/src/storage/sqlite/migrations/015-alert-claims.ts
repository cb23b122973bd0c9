import type { Migration } from './migration.js';

/**
 * Migration 15: who holds a pending delivery's attempt, and until when. Several server instances
 * on one file each run the alert engine; a claim makes one of them send a due delivery, and its
 * lease lets another retry it if that one dies mid-attempt. No index of its own: claims read the
 * few due rows `alert_deliveries_due` already finds.
 */
export const migration: Migration = {
  version: 15,
  name: 'alert delivery claims',
  sql: `
    ALTER TABLE alert_deliveries ADD COLUMN claimed_by TEXT;
    ALTER TABLE alert_deliveries ADD COLUMN claimed_until INTEGER;
  `,
};
