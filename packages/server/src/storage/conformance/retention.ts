import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLLUP_RETENTION_DAYS } from '../../rollups/retention.js';
import { DAY_MS } from '../../rollups/timeGrid.js';
import { consentRetentionDays } from '../retentionRules.js';

/**
 * One engine's retention, reached below the Store (retention is not a port: each engine runs it
 * on its own timer). Rows go straight into the tables at a chosen time; a pass runs at a chosen now.
 */
export interface RetentionHarness {
  /** Writes one row into `table` at `at` (for a rollup table, its `start`). */
  insertAt(table: string, at: number): Promise<void>;
  count(table: string): Promise<number>;
  /** One whole retention pass (SQLite) or upkeep (PostgreSQL) as of `now`. */
  purge(now: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * Opens an empty store database with `rawDays` of raw retention and the rollup tables below made
 * the engine's way (PostgreSQL: minute and hour partitioned by day, day plain).
 */
export type OpenRetentionHarness = (rawDays: number) => Promise<RetentionHarness>;

/** Rollup tables of the design's shape, one per level, made by each engine's harness. */
export const CONFORMANCE_ROLLUPS = ['probe_rollup_minute', 'probe_rollup_hour', 'probe_rollup_day'] as const;

/** The raw tables both engines have, by the same names. */
const RAW = ['perf_reports', 'analytics_hits', 'drop_counts', 'signal_reports', 'signal_fallbacks'];

const NOW = Date.UTC(2026, 10, 23, 8, 0);
const RAW_DAYS = 10;

// Days each table's rows are kept. PostgreSQL drops whole days, so a row may outlive its horizon
// by up to a day there: the rows below sit two days past it or a day within it, which both
// engines must treat alike.
const horizons: Record<string, number> = {
  ...Object.fromEntries(RAW.map((table) => [table, RAW_DAYS])),
  consent_choices: consentRetentionDays(RAW_DAYS),
  usnat_choices: consentRetentionDays(RAW_DAYS),
  probe_rollup_minute: ROLLUP_RETENTION_DAYS.minute,
  probe_rollup_hour: ROLLUP_RETENTION_DAYS.hour,
  probe_rollup_day: ROLLUP_RETENTION_DAYS.day,
};

/** Both engines keep each class of rows for the same horizon. */
export function describeRetentionConformance(engine: string, open: OpenRetentionHarness): void {
  describe(`${engine} retention conformance`, () => {
    let harness: RetentionHarness;
    beforeEach(async () => {
      harness = await open(RAW_DAYS);
    });
    afterEach(async () => {
      await harness?.close();
    });

    it('drops rows past each table’s horizon and keeps the younger ones', async () => {
      for (const [table, days] of Object.entries(horizons)) {
        await harness.insertAt(table, NOW - (days + 2) * DAY_MS);
        await harness.insertAt(table, NOW - (days - 1) * DAY_MS);
      }
      await harness.purge(NOW);
      const left = Object.fromEntries(await Promise.all(Object.keys(horizons).map(async (t) => [t, await harness.count(t)])));
      expect(left).toEqual(Object.fromEntries(Object.keys(horizons).map((t) => [t, 1])));
    });

    it('keeps consent choices (TCF and US) past the raw horizon', async () => {
      await harness.insertAt('consent_choices', NOW - (RAW_DAYS + 30) * DAY_MS);
      await harness.insertAt('usnat_choices', NOW - (RAW_DAYS + 30) * DAY_MS);
      await harness.insertAt('perf_reports', NOW - (RAW_DAYS + 30) * DAY_MS);
      await harness.purge(NOW);
      const counts = [await harness.count('consent_choices'), await harness.count('usnat_choices'), await harness.count('perf_reports')];
      expect(counts).toEqual([1, 1, 0]);
    });
  });
}
