import { OFFENDER_FIELDS } from '../perf/attribution/contract.js';
import type { AttributedMetric, OffenderKind } from '../perf/attribution/contract.js';
import type { PerfReport, VitalField } from '../perf/contract.js';
import { percentile } from '../rollups/percentile.js';

/** What most explains a page's slow metric, as the `vitals-p75` alert names it. */
export interface TopOffender {
  kind: OffenderKind;
  target: string;
  /** Page views in the window that named it. */
  count: number;
  /** The metric's p75 over those views. */
  p75: number;
}

/**
 * The offender (LCP element or URL, INP target or script, CLS source) of `metric` that explains
 * most of the page's time: the largest count × p75, as the "What to fix" view ranks them (exact
 * here, from the window's raw reports). Null for a metric without attribution or a page whose
 * reports carry none.
 */
export function topOffender(reports: readonly PerfReport[], metric: string, field: VitalField): TopOffender | null {
  const fields = OFFENDER_FIELDS[metric as AttributedMetric];
  if (!fields) return null;
  const groups = new Map<string, { kind: OffenderKind; target: string; values: number[] }>();
  for (const report of reports) {
    const value = report.vitals[field];
    if (value === null || !report.attribution) continue;
    for (const [kind, name] of fields) {
      const target = report.attribution[name];
      if (typeof target !== 'string') continue;
      const key = `${kind}\u0000${target}`;
      const group = groups.get(key) ?? { kind, target, values: [] };
      group.values.push(value);
      groups.set(key, group);
    }
  }
  let best: TopOffender | null = null;
  for (const { kind, target, values } of groups.values()) {
    const candidate = { kind, target, count: values.length, p75: percentile(values, 75)! };
    if (!best || candidate.count * candidate.p75 > best.count * best.p75) best = candidate;
  }
  return best;
}
