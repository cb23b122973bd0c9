import { addValue } from '../../rollups/sketch.js';
import { emptySketches } from '../../rollups/sketchCodec.js';
import { decodeSegments, encodeSegment } from './segments.js';
import type { PerfReport } from '../contract.js';
import { ATTRIBUTED_METRICS, OFFENDER_FIELDS, SUBPARTS } from './contract.js';
import type { AttributedMetric, AttributionField, OffenderKind } from './contract.js';

type Sketch = Map<number, number>;

/** One offender of one metric: how many reports named it, and sketches of their values. */
export interface TargetStats {
  kind: OffenderKind;
  target: string;
  count: number;
  /** The metric's value, then each subpart (SUBPARTS order), over the reports naming it. */
  sketches: Sketch[];
}

/** One metric's attribution over a rollup row: its subparts' sketches and its offenders. */
export interface MetricAttribution {
  subparts: Sketch[];
  /** By `kind \0 target`. */
  targets: Map<string, TargetStats>;
}

/** A rollup row's attribution, one entry per ATTRIBUTED_METRICS (LCP, INP, CLS). */
export type AttributionStats = MetricAttribution[];

/** Offenders kept per page, period, metric and kind; the rest are summed into {@link OTHER}. */
export const MAX_TARGETS = 50;
/** The target that sums every offender past the {@link MAX_TARGETS} most frequent. */
export const OTHER = '(other)';

const VALUE_FIELD: Record<AttributedMetric, 'wv_lcp' | 'wv_inp' | 'wv_cls'> = { LCP: 'wv_lcp', INP: 'wv_inp', CLS: 'wv_cls' };
const subpartField = (metric: AttributedMetric, name: string) => `wa_${metric.toLowerCase()}_${name}` as AttributionField;

export function emptyAttribution(): AttributionStats {
  return ATTRIBUTED_METRICS.map((metric) => ({ subparts: emptySketches(SUBPARTS[metric].length), targets: new Map() }));
}

/** `stats`' entry for `kind` and `target`, made empty when it has none yet. */
export function targetOf(stats: MetricAttribution, metric: AttributedMetric, kind: OffenderKind, target: string): TargetStats {
  const key = `${kind}\u0000${target}`;
  let found = stats.targets.get(key);
  if (!found) stats.targets.set(key, (found = { kind, target, count: 0, sketches: emptySketches(1 + SUBPARTS[metric].length) }));
  return found;
}

/** Counts `report`'s attribution into `into` (a report without any adds nothing). */
export function addAttribution(into: AttributionStats, report: PerfReport): void {
  const attribution = report.attribution;
  if (!attribution) return;
  ATTRIBUTED_METRICS.forEach((metric, m) => {
    const value = report.vitals[VALUE_FIELD[metric]];
    if (value === null) return;
    const parts = SUBPARTS[metric].map((name) => attribution[subpartField(metric, name)]);
    parts.forEach((part, i) => typeof part === 'number' && addValue(into[m]!.subparts[i]!, part));
    for (const [kind, field] of OFFENDER_FIELDS[metric]) {
      const target = attribution[field];
      if (typeof target !== 'string') continue;
      const stats = targetOf(into[m]!, metric, kind, target);
      stats.count++;
      addValue(stats.sketches[0]!, value);
      parts.forEach((part, i) => typeof part === 'number' && addValue(stats.sketches[i + 1]!, part));
    }
  });
}

/** Adds `from`'s bucket counts into `into`. */
export function addSketch(into: Sketch, from: ReadonlyMap<number, number>): void {
  for (const [bucket, count] of from) into.set(bucket, (into.get(bucket) ?? 0) + count);
}

function addTarget(into: MetricAttribution, metric: AttributedMetric, from: TargetStats, target = from.target): void {
  const stats = targetOf(into, metric, from.kind, target);
  stats.count += from.count;
  from.sketches.forEach((sketch, i) => addSketch(stats.sketches[i]!, sketch));
}

/** Adds one metric's `from` into `into`. */
export function mergeMetricAttribution(into: MetricAttribution, from: MetricAttribution, metric: AttributedMetric): void {
  from.subparts.forEach((sketch, i) => addSketch(into.subparts[i]!, sketch));
  for (const target of from.targets.values()) addTarget(into, metric, target);
}

/** Adds `from` into `into`. */
export function mergeAttribution(into: AttributionStats, from: AttributionStats): void {
  ATTRIBUTED_METRICS.forEach((metric, m) => mergeMetricAttribution(into[m]!, from[m]!, metric));
}

/**
 * Keeps, per metric and kind, the {@link MAX_TARGETS} most frequent offenders (ties by name, so
 * every engine keeps the same) and sums the rest into {@link OTHER}: a site with a million
 * distinct selectors cannot grow a row without bound, and a rare one is listed while there is room.
 */
export function boundAttribution(stats: AttributionStats): void {
  ATTRIBUTED_METRICS.forEach((metric, m) => boundMetricAttribution(stats[m]!, metric));
}

/** {@link boundAttribution} for one metric's attribution. */
export function boundMetricAttribution(stats: MetricAttribution, metric: AttributedMetric): void {
  const byKind = new Map<OffenderKind, TargetStats[]>();
  for (const target of stats.targets.values()) {
    if (target.target === OTHER) continue;
    const list = byKind.get(target.kind) ?? [];
    list.push(target);
    byKind.set(target.kind, list);
  }
  for (const list of byKind.values()) {
    if (list.length <= MAX_TARGETS) continue;
    list.sort((a, b) => b.count - a.count || (a.target < b.target ? -1 : 1));
    for (const dropped of list.slice(MAX_TARGETS)) {
      stats.targets.delete(`${dropped.kind}\u0000${dropped.target}`);
      addTarget(stats, metric, dropped, OTHER);
    }
  }
}

const hasAny = (stats: AttributionStats) => stats.some((m) => m.targets.size > 0 || m.subparts.some((s) => s.size > 0));

/**
 * The stored form: one byte counting segments, then segments. A segment is a 4-byte length and
 * JSON naming, per metric, its offenders (`[kind, target, count]`), then a 4-byte length and every
 * sketch of the segment in one sketchCodec.ts encoding, in this order: per metric its subparts,
 * then each offender's value and subparts. One encoding per segment, not one per offender: a
 * write encodes a row per page and minute, and small encodings were most of what it cost.
 * Nothing to say is the empty buffer. (What PostgreSQL's direct ingest stages per minute; the
 * rollup rows hold each metric apart, metricRollup.ts.)
 */
export function encodeAttribution(stats: AttributionStats | null): Buffer {
  if (!stats || !hasAny(stats)) return Buffer.alloc(0);
  boundAttribution(stats);
  const sketches: ReadonlyMap<number, number>[] = [];
  const header = stats.map((metric) => {
    sketches.push(...metric.subparts);
    return [...metric.targets.values()].map((t) => {
      sketches.push(...t.sketches);
      return [t.kind, t.target, t.count];
    });
  });
  return encodeSegment(header, sketches);
}

type StoredTarget = [OffenderKind, string, number];

/** Adds every segment of `encoded` into `into`; throws on a buffer of another form. */
export function decodeAttributionInto(encoded: Uint8Array, into: AttributionStats): void {
  decodeSegments<StoredTarget[][]>(
    encoded,
    (header) => {
      // The maps the segment's sketches add into, in the order they were encoded.
      const targets: Sketch[] = [];
      ATTRIBUTED_METRICS.forEach((metric, m) => {
        targets.push(...into[m]!.subparts);
        for (const [kind, target, count] of header[m]!) {
          const stats = targetOf(into[m]!, metric, kind, target);
          stats.count += count;
          targets.push(...stats.sketches);
        }
      });
      return targets;
    },
    'attribution encoding',
  );
}
