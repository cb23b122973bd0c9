import { ROLLUP_RETENTION_DAYS } from '../rollups/retention.js';
import type { RollupLevel } from '../rollups/timeGrid.js';

/**
 * The retention rules both engines apply, stated once: which tables are rollups and how long
 * each kind of row is kept. (How each engine purges is its own: chunked deletes on SQLite,
 * partition drops and chunked deletes on PostgreSQL.)
 */

/** Days a consent choice is kept: beyond the longest validity of a choice (13 months). */
export const CONSENT_RETENTION_DAYS = 400;

/** The tables of consent choices (TCF and US), kept by `consentRetentionDays`; both keyed by `created_at`. */
export const CONSENT_TABLES = ['consent_choices', 'usnat_choices'] as const;

/** Consent records outlive the raw retention, unless that is longer still. */
export function consentRetentionDays(rawDays: number): number {
  return Math.max(CONSENT_RETENTION_DAYS, rawDays);
}

// `<capability>_rollup_<level>` (the rollup design): the name alone says a table is a rollup
// and which level, so tables added later are purged without being listed anywhere.
const ROLLUP_TABLE = /^[a-z0-9_]+_rollup_(minute|hour|day)$/;

/** The rollup level a table holds, by its name; undefined for any other table. */
export function rollupLevelOf(table: string): RollupLevel | undefined {
  return ROLLUP_TABLE.exec(table)?.[1] as RollupLevel | undefined;
}

/** Days a rollup table's rows are kept, by its name; undefined when it is not a rollup table. */
export function rollupRetentionDays(table: string): number | undefined {
  const level = rollupLevelOf(table);
  return level ? ROLLUP_RETENTION_DAYS[level] : undefined;
}
