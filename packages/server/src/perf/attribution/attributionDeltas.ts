import type { RollupLevel } from '../../rollups/timeGrid.js';
import { VITALS } from '../contract.js';
import { RATINGS, VITAL_FIELDS, ratingIndex } from '../perfRollup.js';
import type { PageKey, PerfRollupDelta, PerfRollupStats } from '../perfRollup.js';
import { emptyAttribution } from './attributionStats.js';
import { ATTRIBUTED_METRICS } from './contract.js';
import type { AttributedMetric } from './contract.js';
import { emptyMetricRollup, encodeMetricRollup, isEmptyMetricRollup, mergeMetricRollup } from './metricRollup.js';
import type { MetricRollup } from './metricRollup.js';

/** What one write adds to one attribution rollup row (perf_attribution_rollup_<level>). */
export interface AttributionRollupDelta {
  level: RollupLevel;
  start: number;
  /** The page, or null for the row of the whole site. */
  page: PageKey | null;
  /** The page's `dims` (perf_rollup_keys), null for the whole site. */
  dims: string | null;
  /** Index in ATTRIBUTED_METRICS. */
  metric: number;
  encoded: Buffer;
}

const VITAL_OF = ATTRIBUTED_METRICS.map((metric) => VITAL_FIELDS.findIndex((field) => VITALS[field] === metric));

/** One metric of a vitals rollup delta, as an attribution rollup (sharing the delta's maps: read only). */
function metricOf(stats: PerfRollupStats, m: number): MetricRollup {
  const vital = VITAL_OF[m]!;
  return {
    reports: RATINGS.reduce((sum, _, r) => sum + stats.values[ratingIndex(vital, r)]!, 0),
    value: stats.sketches[vital]!,
    attribution: (stats.attribution ?? emptyAttribution())[m]!,
  };
}

/**
 * The attribution rows `deltas` (every level's vitals rows of a write, see levelDeltas) add to:
 * per row and metric, one for the page and one for the whole site, the site's summed over every
 * page of the write. Why the site has rows of its own: the site-wide read would otherwise merge
 * every page's rows, and at a few dozen pages that alone is past the read's 100 ms. Each row is
 * bounded like a page's (50 offenders per kind, then "other"), so for the site it is the 50 most
 * frequent over the whole site. Rows with nothing to say (no report measured the metric) are left
 * out.
 */
export function attributionDeltas(all: readonly PerfRollupDelta[]): AttributionRollupDelta[] {
  // Only the page rows of every report: a browser family's rows count the same reports again and
  // carry no attribution (perfRollup.ts' addToMinutes).
  const deltas = all.filter((delta) => delta.browser === null);
  const out: AttributionRollupDelta[] = [];
  const sites = new Map<string, { level: RollupLevel; start: number; metrics: MetricRollup[] }>();
  // The site's sums first: encoding bounds a page's offenders in place.
  for (const delta of deltas) {
    const key = `${delta.level} ${delta.start}`;
    let site = sites.get(key);
    if (!site) sites.set(key, (site = { level: delta.level, start: delta.start, metrics: ATTRIBUTED_METRICS.map((metric) => emptyMetricRollup(metric)) }));
    ATTRIBUTED_METRICS.forEach((metric, m) => mergeMetricRollup(site.metrics[m]!, metricOf(delta.stats, m), metric));
  }
  // Hour and day deltas often share their minute's stats object: each is encoded once.
  const encoded = new Map<PerfRollupStats, Array<Buffer | null>>();
  for (const delta of deltas) {
    let rows = encoded.get(delta.stats);
    if (!rows) encoded.set(delta.stats, (rows = ATTRIBUTED_METRICS.map((metric, m) => encodeOf(metricOf(delta.stats, m), metric))));
    rows.forEach((row, m) => row && out.push({ level: delta.level, start: delta.start, page: delta.page, dims: delta.dims, metric: m, encoded: row }));
  }
  for (const site of sites.values()) {
    ATTRIBUTED_METRICS.forEach((metric, m) => {
      const row = encodeOf(site.metrics[m]!, metric);
      if (row) out.push({ level: site.level, start: site.start, page: null, dims: null, metric: m, encoded: row });
    });
  }
  return out;
}

function encodeOf(rollup: MetricRollup, metric: AttributedMetric): Buffer | null {
  return isEmptyMetricRollup(rollup) ? null : encodeMetricRollup(rollup, metric);
}
