import { describe, expect, it } from 'vitest';
import { seededRandom, syntheticReport, withAttribution } from '../../seed/syntheticTraffic.js';
import { perfRollupDeltas } from '../perfRollup.js';
import { attributionDeltas } from './attributionDeltas.js';
import { MAX_TARGETS, OTHER } from './attributionStats.js';
import { ATTRIBUTED_METRICS } from './contract.js';
import type { AttributedMetric } from './contract.js';
import { MAX_METRIC_SEGMENTS, appendMetricRollup, emptyMetricRollup, encodeMetricRollup, mergeMetricRows } from './metricRollup.js';
import type { MetricRollup } from './metricRollup.js';

const T0 = Date.UTC(2026, 10, 1);
const reportsAt = (count: number, seed: number) => {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, i) => withAttribution(syntheticReport(random, T0 + i * 7_000, `r-${seed}-${i}`), i));
};

// Comparable form: counts, and every sketch's buckets sorted.
const plain = (rollup: MetricRollup) => ({
  reports: rollup.reports,
  value: [...rollup.value].sort(([a], [b]) => a - b),
  subparts: rollup.attribution.subparts.map((s) => [...s].sort(([a], [b]) => a - b)),
  targets: [...rollup.attribution.targets.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([key, t]) => [key, t.count, t.sketches.map((s) => [...s].sort(([a], [b]) => a - b))]),
});

const rowsOf = (deltas: ReturnType<typeof attributionDeltas>, metric: AttributedMetric, site: boolean) =>
  deltas.filter((d) => d.level === 'minute' && d.metric === ATTRIBUTED_METRICS.indexOf(metric) && (d.page === null) === site).map((d) => d.encoded);

describe('attribution rollup rows', () => {
  it("sums every page of a write into the site's rows: the site's minutes hold what the pages' minutes hold", () => {
    const deltas = attributionDeltas(perfRollupDeltas(reportsAt(600, 1)));
    for (const metric of ATTRIBUTED_METRICS) {
      const site = mergeMetricRows(rowsOf(deltas, metric, true), metric);
      expect(site.reports).toBeGreaterThan(0);
      expect(plain(site)).toEqual(plain(mergeMetricRows(rowsOf(deltas, metric, false), metric)));
    }
  });

  it('appends writes as segments, folding past the limit, and reads the same as one merge of them all', () => {
    const writes = Array.from({ length: MAX_METRIC_SEGMENTS * 2 + 3 }, (_, i) => attributionDeltas(perfRollupDeltas(reportsAt(40, 10 + i))));
    for (const metric of ATTRIBUTED_METRICS) {
      const rows = writes.map((deltas) => mergeMetricRows(rowsOf(deltas, metric, true), metric));
      const expected = emptyMetricRollup(metric);
      for (const row of rows) for (const [bucket, n] of row.value) expected.value.set(bucket, (expected.value.get(bucket) ?? 0) + n);
      let stored: Buffer = Buffer.alloc(0);
      for (const row of rows) {
        stored = appendMetricRollup(stored, encodeMetricRollup(row, metric), metric);
        expect(stored[0]).toBeLessThanOrEqual(MAX_METRIC_SEGMENTS);
      }
      const read = mergeMetricRows([stored], metric);
      expect(plain(read)).toEqual(plain(mergeMetricRows(rows.map((row) => encodeMetricRollup(row, metric)), metric)));
      expect([...read.value].sort()).toEqual([...expected.value].sort());
      expect(read.reports).toBe(rows.reduce((sum, row) => sum + row.reports, 0));
    }
  });

  it(`keeps ${MAX_TARGETS} offenders per kind in a row and sums the rest as "${OTHER}"`, () => {
    const rollup = emptyMetricRollup('CLS');
    const many = Array.from({ length: MAX_TARGETS + 5 }, (_, i) => `div.t${i}`);
    for (const [i, target] of many.entries()) {
      rollup.attribution.targets.set(`element\u0000${target}`, { kind: 'element', target, count: i + 1, sketches: [new Map([[100, i + 1]])] });
    }
    const read = mergeMetricRows([encodeMetricRollup(rollup, 'CLS')], 'CLS');
    expect(read.attribution.targets.size).toBe(MAX_TARGETS + 1);
    expect(read.attribution.targets.get(`element\u0000${OTHER}`)!.count).toBe(1 + 2 + 3 + 4 + 5);
    expect(read.attribution.targets.has('element\u0000div.t0')).toBe(false);
  });
});
