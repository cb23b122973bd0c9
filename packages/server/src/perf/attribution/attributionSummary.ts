import { quantile } from '../../rollups/sketch.js';
import { boundMetricAttribution } from './attributionStats.js';
import { SUBPARTS } from './contract.js';
import type { AttributedMetric, OffenderKind } from './contract.js';
import type { MetricRollup } from './metricRollup.js';

/** One offender of a metric: what it is, how many reports named it, and their p75s. */
export interface Offender {
  kind: OffenderKind;
  target: string;
  count: number;
  p75: number | null;
  /** Each subpart's p75 over the reports naming it (web-vitals' names). */
  subparts: Record<string, number | null>;
}

/** `GET /console/api/vitals/attribution`: why a page's metric is what it is (docs/perf.md). */
export interface AttributionSummary {
  metric: AttributedMetric;
  /** Reports in the window that measured the metric. */
  reports: number;
  p75: number | null;
  /** Each subpart's p75 over the reports that sent it. */
  subparts: Record<string, number | null>;
  /** Worst first: by count × p75, the offender's share of the page's time over all its reports. */
  offenders: Offender[];
}

const KIND_ORDER: Record<OffenderKind, number> = { element: 0, script: 1, url: 2 };

const p75 = (sketch: ReadonlyMap<number, number> | undefined) => (sketch ? quantile(sketch, 0.75) : null);
const named = (metric: AttributedMetric, sketches: ReadonlyArray<ReadonlyMap<number, number>>) =>
  Object.fromEntries(SUBPARTS[metric].map((name, i) => [name, p75(sketches[i])]));

/**
 * The attribution of `metric` over a merged attribution rollup (metricRollup.ts): the metric's
 * p75 over every report that measured it, each subpart's p75, and the offenders (bounded to 50
 * per kind and "other") ranked by how much of the page's time they explain: how often they are
 * the cause times how slow it is then.
 */
export function summarizeAttribution(rollup: MetricRollup, metric: AttributedMetric): AttributionSummary {
  const own = rollup.attribution;
  boundMetricAttribution(own, metric);
  const offenders = [...own.targets.values()].map(
    (target): Offender => ({
      kind: target.kind,
      target: target.target,
      count: target.count,
      p75: p75(target.sketches[0]),
      subparts: named(metric, target.sketches.slice(1)),
    }),
  );
  const weight = (o: Offender) => o.count * (o.p75 ?? 0);
  // On a tie (an LCP element and its image URL come from the same reports) the element first.
  offenders.sort((a, b) => weight(b) - weight(a) || b.count - a.count || KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || (a.target < b.target ? -1 : 1));
  return { metric, reports: rollup.reports, p75: p75(rollup.value), subparts: named(metric, own.subparts), offenders };
}
