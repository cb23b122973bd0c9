import { addValue } from '../rollups/sketch.js';
import { decodeSketchesInto, emptySketches } from '../rollups/sketchCodec.js';
import { LEVEL_MS, LEVELS, bucketStart } from '../rollups/timeGrid.js';
import type { RollupLevel } from '../rollups/timeGrid.js';
import { VITALS, rate } from './contract.js';
import type { PerfReport, Rating, VitalField } from './contract.js';
import { PHASES, phaseDurations } from './navigationBreakdown.js';
import { addAttribution, decodeAttributionInto, emptyAttribution, mergeAttribution } from './attribution/attributionStats.js';
import type { AttributionStats } from './attribution/attributionStats.js';
import { browserFamily } from './browserFamily.js';
import type { BrowserFamily } from './browserFamily.js';

/**
 * What one perf rollup row holds for its time span and page: the reports, each vital's counts
 * per rating and DDSketch (≤ 1 % relative error on any quantile), and each navigation phase's sum
 * and count. Both engines store it alike: the numbers as columns ({@link NUMBER_COLUMNS}, summed
 * by SQL on upsert), the six sketches as one blob (rollups/sketchCodec.ts).
 */
export interface PerfRollupStats {
  /** Values of {@link NUMBER_COLUMNS}, in that order. */
  values: number[];
  /** One sketch per vital, in {@link VITAL_FIELDS} order. */
  sketches: Map<number, number>[];
  /** Offenders and subparts (perf/attribution/attributionStats.ts); null until a report has any. */
  attribution: AttributionStats | null;
}

/** The page a rollup row is for, as the product names it. */
export interface PageKey {
  vertical: string | null;
  pageId: string | null;
  subPageId: string | null;
}

export const VITAL_FIELDS = Object.keys(VITALS) as VitalField[];
export const RATINGS: readonly Rating[] = ['good', 'needs-improvement', 'poor'];
const RATING_SUFFIX: Record<Rating, string> = { good: 'good', 'needs-improvement': 'ni', poor: 'poor' };

/** The numeric columns of a rollup row: every one is a plain sum when rows are merged. */
export const NUMBER_COLUMNS: readonly string[] = [
  'reports',
  ...VITAL_FIELDS.flatMap((field) => RATINGS.map((rating) => `${VITALS[field].toLowerCase()}_${RATING_SUFFIX[rating]}`)),
  ...PHASES.flatMap((phase) => [`${phase}_ms`, `${phase}_n`]),
];

/** Where each figure sits in {@link PerfRollupStats.values}. */
export const ratingIndex = (vital: number, rating: number): number => 1 + vital * RATINGS.length + rating;
export const phaseSumIndex = (phase: number): number => 1 + VITAL_FIELDS.length * RATINGS.length + 2 * phase;
export const phaseCountIndex = (phase: number): number => phaseSumIndex(phase) + 1;

export function emptyStats(): PerfRollupStats {
  return { values: NUMBER_COLUMNS.map(() => 0), sketches: emptySketches(VITAL_FIELDS.length), attribution: null };
}

const RATING_INDEX: Readonly<Record<Rating, number>> = { good: 0, 'needs-improvement': 1, poor: 2 };
const METRIC_NAMES = VITAL_FIELDS.map((field) => VITALS[field]);

/**
 * Counts one report into `stats` (plain loops: this runs for every report ingested); its
 * attribution too unless `attribution` is false.
 */
export function addReport(stats: PerfRollupStats, report: PerfReport, attribution = true): void {
  const values = stats.values;
  values[0]!++;
  for (let i = 0; i < VITAL_FIELDS.length; i++) {
    const value = report.vitals[VITAL_FIELDS[i]!];
    if (value === null) continue;
    values[ratingIndex(i, RATING_INDEX[rate(METRIC_NAMES[i]!, value)])]!++;
    addValue(stats.sketches[i]!, value);
  }
  const durations = phaseDurations(report);
  for (let i = 0; i < PHASES.length; i++) {
    const duration = durations[PHASES[i]!];
    if (duration === undefined) continue;
    values[phaseSumIndex(i)]! += duration;
    values[phaseCountIndex(i)]!++;
  }
  if (attribution && report.attribution) addAttribution((stats.attribution ??= emptyAttribution()), report);
}

/** Adds `from` into `into` (sums and bucket counts). */
export function mergeStats(into: PerfRollupStats, from: PerfRollupStats): void {
  from.values.forEach((value, i) => (into.values[i]! += value));
  from.sketches.forEach((sketch, i) => {
    const target = into.sketches[i]!;
    for (const [bucket, count] of sketch) target.set(bucket, (target.get(bucket) ?? 0) + count);
  });
  if (from.attribution) mergeAttribution((into.attribution ??= emptyAttribution()), from.attribution);
}

/** Adds a stored row (its numeric columns, its encoded sketches and attribution) into `into`. */
export function addRow(into: PerfRollupStats, row: { values: readonly number[]; sketches: Uint8Array; attribution?: Uint8Array | null }): void {
  for (let i = 0; i < row.values.length; i++) into.values[i]! += row.values[i]!;
  decodeSketchesInto(row.sketches, into.sketches);
  if (row.attribution?.length) decodeAttributionInto(row.attribution, (into.attribution ??= emptyAttribution()));
}

/**
 * The text that names a rollup key: one string, NULL parts included. A page's key of every report
 * keeps the three parts keys had before families, so its rows add on; a family's has a fourth.
 */
export const dimsOf = (page: PageKey, browser: BrowserFamily | null = null): string =>
  JSON.stringify(browser === null ? [page.vertical, page.pageId, page.subPageId] : [page.vertical, page.pageId, page.subPageId, browser]);

/** What one write adds to one rollup row. */
export interface PerfRollupDelta {
  level: RollupLevel;
  start: number;
  page: PageKey;
  /** The family of the row's reports, or null for the page's row of every report (docs/perf.md). */
  browser: BrowserFamily | null;
  dims: string;
  stats: PerfRollupStats;
}

/** Per-minute stats by minute × page: what reports add, before the hour and day rows are derived. */
export type PerfMinutes = Map<string, PerfRollupDelta>;

/**
 * Counts `report` into its minute's entries: its page's, so a read without a family reads as few
 * rows as before families, and its family's (decided here from the user agent, on every path).
 */
export function addToMinutes(minutes: PerfMinutes, report: PerfReport): void {
  const start = bucketStart(report.receivedAt, LEVEL_MS.minute);
  // A cheap lookup key (NUL cannot be told from a missing part, so it is marked apart);
  // the canonical `dims` is made once per row.
  const key = `${start}\u0000${report.vertical ?? '\u0001'}\u0000${report.pageId ?? '\u0001'}\u0000${report.subPageId ?? '\u0001'}`;
  let delta = minutes.get(key);
  if (!delta) {
    const page = { vertical: report.vertical, pageId: report.pageId, subPageId: report.subPageId };
    minutes.set(key, (delta = { level: 'minute', start, page, browser: null, dims: dimsOf(page), stats: emptyStats() }));
  }
  addReport(delta.stats, report);
  const browser = browserFamily(report.userAgent);
  // Led by a letter, where a page's key is led by digits: the two can never be the same text.
  const familyKey = `${browser}\u0000${key}`;
  let family = minutes.get(familyKey);
  if (!family) {
    minutes.set(familyKey, (family = { level: 'minute', start, page: delta.page, browser, dims: dimsOf(delta.page, browser), stats: emptyStats() }));
  }
  // No attribution: "What to fix" reads page rows only, so family rows stay cheap to write.
  addReport(family.stats, report, false);
}

/** Adds every minute of `from` into `into`; `from`'s stats objects may be taken over, not copied. */
export function mergeMinutes(into: PerfMinutes, from: PerfMinutes): void {
  for (const [key, delta] of from) {
    const found = into.get(key);
    if (found) mergeStats(found.stats, delta.stats);
    else into.set(key, delta);
  }
}

/**
 * The rows `reports` (the ones really new) add to, on every level at once: aggregated in memory
 * so a write makes one upsert per distinct level × start × page, never one per report.
 */
export function perfRollupDeltas(reports: readonly PerfReport[]): PerfRollupDelta[] {
  const minutes: PerfMinutes = new Map();
  for (const report of reports) addToMinutes(minutes, report);
  return levelDeltas(minutes);
}

/**
 * The minute rows of `minutes` and the hour and day rows they sum to. An hour or day fed by a
 * single minute (the usual case when a write spans seconds) shares that minute's stats object, so
 * it is neither copied nor, with perfRollupEncoders.ts, encoded again; the minutes' stats are
 * never changed.
 */
export function levelDeltas(minutes: PerfMinutes): PerfRollupDelta[] {
  const deltas = [...minutes.values()];
  for (const level of LEVELS.slice(1)) {
    const coarser = new Map<string, PerfRollupDelta>();
    const own = new Set<PerfRollupStats>();
    for (const minute of minutes.values()) {
      const start = bucketStart(minute.start, LEVEL_MS[level]);
      const key = `${start} ${minute.dims}`;
      const delta = coarser.get(key);
      if (!delta) {
        coarser.set(key, { level, start, page: minute.page, browser: minute.browser, dims: minute.dims, stats: minute.stats });
        continue;
      }
      // A second minute for this row: it gets stats of its own before anything is added.
      if (!own.has(delta.stats)) {
        delta.stats = copyOf(delta.stats);
        own.add(delta.stats);
      }
      mergeStats(delta.stats, minute.stats);
    }
    deltas.push(...coarser.values());
  }
  return deltas;
}

function copyOf(stats: PerfRollupStats): PerfRollupStats {
  const copy = emptyStats();
  mergeStats(copy, stats);
  return copy;
}
