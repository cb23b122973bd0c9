import { denseBuckets } from '../charts/timeAxis';
import { REASON_ORDER } from './dropReasons';
import type { DropCount, DropReason, DropSource, DropSummary, ProductDropCount } from './dropTypes';

/** One bar of a source's timeline: the bucket start and a count per reason. */
export type ReasonRow = { start: number } & Record<DropReason, number>;

const emptyRow = (start: number): ReasonRow =>
  ({ start, ...Object.fromEntries(REASON_ORDER.map((reason) => [reason, 0])) }) as ReasonRow;

/**
 * One source's timeline as rows for the stacked bars: every bucket of the window (the summary
 * lists only buckets with drops, and a chart with the quiet ones squeezed out misreads time),
 * each with a count per reason.
 */
export function timelineRows(summary: DropSummary, source: DropSource): ReasonRow[] {
  const rows = new Map<number, ReasonRow>();
  for (const bucket of summary.buckets) {
    if (bucket.source !== source) continue;
    const row = rows.get(bucket.start) ?? emptyRow(bucket.start);
    row[bucket.reason] += bucket.count;
    rows.set(bucket.start, row);
  }
  const known = [...rows.values()].sort((a, b) => a.start - b.start);
  return denseBuckets(known, summary.from, summary.to, summary.bucketMs, emptyRow);
}

/** Items each source gave up in the window, whatever the reason. */
export function sourceTotals(totals: DropCount[]): Record<DropSource, number> {
  const sums = { logs: 0, analytics: 0 };
  for (const t of totals) sums[t.source] += t.count;
  return sums;
}

/** A line of the reasons table: one reason's count per source. */
export interface ReasonTotal {
  reason: DropReason;
  logs: number;
  analytics: number;
}

/** The reasons with any drops, the largest total first (ties in the legend's order). */
export function reasonTotals(totals: DropCount[]): ReasonTotal[] {
  const rows = new Map<DropReason, ReasonTotal>();
  for (const t of totals) {
    const row = rows.get(t.reason) ?? { reason: t.reason, logs: 0, analytics: 0 };
    row[t.source] += t.count;
    rows.set(t.reason, row);
  }
  const sum = (r: ReasonTotal) => r.logs + r.analytics;
  return [...rows.values()].sort((a, b) => sum(b) - sum(a) || REASON_ORDER.indexOf(a.reason) - REASON_ORDER.indexOf(b.reason));
}

/** A line of the per-product table: a log product's total and its reasons, largest first. */
export interface ProductTotal {
  product: string;
  total: number;
  reasons: { reason: DropReason; count: number }[];
}

/** Log drops per product, the product losing the most first. */
export function productTotals(byProduct: ProductDropCount[]): ProductTotal[] {
  const rows = new Map<string, ProductTotal>();
  for (const p of byProduct) {
    const row = rows.get(p.product) ?? { product: p.product, total: 0, reasons: [] };
    row.total += p.count;
    row.reasons.push({ reason: p.reason, count: p.count });
    rows.set(p.product, row);
  }
  for (const row of rows.values()) row.reasons.sort((a, b) => b.count - a.count);
  return [...rows.values()].sort((a, b) => b.total - a.total || a.product.localeCompare(b.product));
}
