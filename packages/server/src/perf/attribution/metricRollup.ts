import { emptySketches } from '../../rollups/sketchCodec.js';
import { ATTRIBUTED_METRICS, SUBPARTS } from './contract.js';
import type { AttributedMetric, OffenderKind } from './contract.js';
import { addSketch, boundMetricAttribution, mergeMetricAttribution, targetOf } from './attributionStats.js';
import type { MetricAttribution } from './attributionStats.js';
import { decodeSegments, encodeSegment } from './segments.js';

type Sketch = Map<number, number>;

/**
 * What one attribution rollup row holds: one metric over one period and scope (a page, or the
 * whole site). Everything the "What to fix" read needs is in it: how many reports measured the
 * metric and their values' sketch (for `reports` and `p75`), the subparts and the offenders. So
 * that read touches one small row per period, never the vitals rows nor other metrics.
 */
export interface MetricRollup {
  reports: number;
  value: Sketch;
  attribution: MetricAttribution;
}

export function emptyMetricRollup(metric: AttributedMetric): MetricRollup {
  return { reports: 0, value: new Map(), attribution: { subparts: emptySketches(SUBPARTS[metric].length), targets: new Map() } };
}

/** Adds `from` into `into` (the sum of two periods, or of two scopes). */
export function mergeMetricRollup(into: MetricRollup, from: MetricRollup, metric: AttributedMetric): void {
  into.reports += from.reports;
  addSketch(into.value, from.value);
  mergeMetricAttribution(into.attribution, from.attribution, metric);
}

export const isEmptyMetricRollup = (rollup: MetricRollup) =>
  rollup.reports === 0 && rollup.attribution.targets.size === 0 && rollup.attribution.subparts.every((s) => s.size === 0);

/**
 * The stored form, appendable like the vitals' sketches: one byte counting segments, then
 * segments. A segment is a 4-byte length and JSON `[reports, [[kind, target, count], …]]`, then a
 * 4-byte length and one sketchCodec.ts encoding of the value sketch, the subparts and each
 * offender's value and subparts, in that order. Bounded (50 per kind, then "other") when encoded.
 */
export function encodeMetricRollup(rollup: MetricRollup, metric: AttributedMetric): Buffer {
  boundMetricAttribution(rollup.attribution, metric);
  const sketches: ReadonlyMap<number, number>[] = [rollup.value, ...rollup.attribution.subparts];
  const targets = [...rollup.attribution.targets.values()].map((t) => {
    sketches.push(...t.sketches);
    return [t.kind, t.target, t.count];
  });
  return encodeSegment([rollup.reports, targets], sketches);
}

/** Adds every segment of `encoded` into `into`; throws on a buffer of another form. */
export function decodeMetricRollupInto(encoded: Uint8Array, into: MetricRollup, metric: AttributedMetric): void {
  decodeSegments<[number, Array<[OffenderKind, string, number]>]>(
    encoded,
    ([reports, targets]) => {
      into.reports += reports;
      // The maps the segment's sketches add into, in the order they were encoded.
      const maps: Sketch[] = [into.value, ...into.attribution.subparts];
      for (const [kind, target, count] of targets) {
        const stats = targetOf(into.attribution, metric, kind, target);
        stats.count += count;
        maps.push(...stats.sketches);
      }
      return maps;
    },
    'attribution rollup',
  );
}

/** Segments a stored row may hold before a merge folds them into one. */
export const MAX_METRIC_SEGMENTS = 8;

/** `encoded` as one bounded segment (what a merge past {@link MAX_METRIC_SEGMENTS} writes). */
export function foldMetricRollup(encoded: Uint8Array, metric: AttributedMetric): Buffer {
  const rollup = emptyMetricRollup(metric);
  decodeMetricRollupInto(encoded, rollup, metric);
  return encodeMetricRollup(rollup, metric);
}

/** The sum of two stored rows of `metric`: `b`'s segments after `a`'s, folded into one when too many. */
export function appendMetricRollup(a: Uint8Array, b: Uint8Array, metric: AttributedMetric): Buffer {
  if (b.length === 0) return Buffer.from(a);
  if (a.length === 0) return Buffer.from(b);
  const out = Buffer.concat([a, b.subarray(1)]);
  out[0] = a[0]! + b[0]!;
  return out[0] > MAX_METRIC_SEGMENTS ? foldMetricRollup(out, metric) : out;
}

/** Metrics as stored: their index in ATTRIBUTED_METRICS. */
export const metricNumber = (metric: AttributedMetric): number => ATTRIBUTED_METRICS.indexOf(metric);
export const metricOfNumber = (n: number): AttributedMetric => {
  const metric = ATTRIBUTED_METRICS[n];
  if (!metric) throw new Error(`no attributed metric numbered ${n}`);
  return metric;
};

/** The stored rows of one metric (a store's readPerfAttribution) summed into one. */
export function mergeMetricRows(rows: readonly Uint8Array[], metric: AttributedMetric): MetricRollup {
  const total = emptyMetricRollup(metric);
  for (const row of rows) decodeMetricRollupInto(row, total, metric);
  return total;
}
