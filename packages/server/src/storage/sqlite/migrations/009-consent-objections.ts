import type { Migration } from './migration.js';

/**
 * Migration 9: the right to object and re-consent. Choices stored before it objected to nothing
 * (every legitimate interest was signalled then); which vendors they were shown is unknown (NULL).
 */
export const migration: Migration = {
  version: 9,
  name: 'consent objections, disclosed vendors, re-consent reason',
  sql: `
    ALTER TABLE consent_choices ADD COLUMN objected_purposes TEXT NOT NULL DEFAULT '[]';
    ALTER TABLE consent_choices ADD COLUMN objected_vendors TEXT NOT NULL DEFAULT '[]';
    ALTER TABLE consent_choices ADD COLUMN disclosed_vendors TEXT;
    ALTER TABLE consent_choices ADD COLUMN reconsent_reason TEXT;
  `,
};
