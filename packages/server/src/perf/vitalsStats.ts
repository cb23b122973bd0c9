import { quantiles } from '../rollups/sketch.js';
import { VITALS, rate } from './contract.js';
import type { MetricName, Rating } from './contract.js';
import { PHASES } from './navigationBreakdown.js';
import type { NavigationBreakdown } from './navigationBreakdown.js';
import { RATINGS, VITAL_FIELDS, addRow, emptyStats, phaseCountIndex, phaseSumIndex, ratingIndex } from './perfRollup.js';
import type { PageKey, PerfRollupStats } from './perfRollup.js';
import type { PerfRollupRow } from './ports.js';

/**
 * One metric over a set of reports: its percentiles (from the merged DDSketch, so within 1 % of
 * the exact nearest-rank value), its rating (by the p75), and the share of each rating.
 */
export interface MetricSummary {
  name: MetricName;
  count: number;
  p75: number | null;
  p90: number | null;
  p99: number | null;
  rating: Rating | null;
  /** Shares of reports rated good / needs-improvement / poor, 0..1 (0 when count is 0). */
  good: number;
  needsImprovement: number;
  poor: number;
}

/** Every metric summarised, in the order LCP, CLS, INP, FID, FCP, TTFB. */
export function summarizeVitals(stats: PerfRollupStats): MetricSummary[] {
  return VITAL_FIELDS.map((field, i) => {
    const name = VITALS[field];
    const [good, needsImprovement, poor] = RATINGS.map((_, r) => stats.values[ratingIndex(i, r)]!) as [number, number, number];
    const count = good + needsImprovement + poor;
    const [p75 = null, p90 = null, p99 = null] = quantiles(stats.sketches[i]!, [0.75, 0.9, 0.99]);
    const share = (n: number) => (count ? n / count : 0);
    return {
      name,
      count,
      p75,
      p90,
      p99,
      rating: p75 === null ? null : rate(name, p75),
      good: share(good),
      needsImprovement: share(needsImprovement),
      poor: share(poor),
    };
  });
}

/** The mean of every page-load phase (sum / count of the reports where it happened). */
export function navigationBreakdown(stats: PerfRollupStats): NavigationBreakdown {
  return Object.fromEntries(
    PHASES.map((phase, i) => {
      const count = stats.values[phaseCountIndex(i)]!;
      return [phase, { mean: count ? stats.values[phaseSumIndex(i)]! / count : null, count }];
    }),
  ) as NavigationBreakdown;
}

/** The sum of rollup rows: what their reports, taken together, add up to. */
export function mergeRows(rows: readonly PerfRollupRow[]): PerfRollupStats {
  const total = emptyStats();
  for (const row of rows) addRow(total, row);
  return total;
}

/** A page as the product names it: vertical, pageId and subPageId. */
export interface PageVitals extends PageKey {
  count: number;
  metrics: MetricSummary[];
}

/** Summaries per page, the most reported pages first. */
export function vitalsByPage(rows: readonly PerfRollupRow[], limit: number): PageVitals[] {
  const pages = new Map<string, { page: PageKey; stats: PerfRollupStats }>();
  for (const row of rows) {
    const key = JSON.stringify([row.page.vertical, row.page.pageId, row.page.subPageId]);
    let page = pages.get(key);
    if (!page) pages.set(key, (page = { page: row.page, stats: emptyStats() }));
    addRow(page.stats, row);
  }
  return [...pages.values()]
    .sort((a, b) => b.stats.values[0]! - a.stats.values[0]!)
    .slice(0, limit)
    .map(({ page, stats }) => ({ ...page, count: stats.values[0]!, metrics: summarizeVitals(stats) }));
}

/** One time bucket: its start (epoch ms) and each metric's summary inside it. */
export interface VitalsBucket {
  start: number;
  count: number;
  metrics: MetricSummary[];
}

/**
 * Summaries per time bucket of `bucketMs`, oldest first, empty buckets included. The rows must be
 * of a level no coarser than the bucket (levelFor), so each falls whole into one bucket.
 */
export function vitalsOverTime(rows: readonly PerfRollupRow[], from: number, to: number, bucketMs: number): VitalsBucket[] {
  const first = Math.floor(from / bucketMs) * bucketMs;
  const buckets = Array.from({ length: Math.max(1, Math.ceil((to - first) / bucketMs)) }, () => emptyStats());
  for (const row of rows) {
    const bucket = buckets[Math.floor((row.start - first) / bucketMs)];
    if (bucket) addRow(bucket, row);
  }
  return buckets.map((stats, i) => ({ start: first + i * bucketMs, count: stats.values[0]!, metrics: summarizeVitals(stats) }));
}

/** `GET /console/api/vitals/summary`: every metric over the window, and the mean page-load phases. */
export interface VitalsSummary {
  from: number;
  to: number;
  count: number;
  metrics: MetricSummary[];
  navigation: NavigationBreakdown;
}
