import { describe, expect, it } from 'vitest';
import { DROP_REASONS, REASON_ORDER } from './dropReasons';
import { productTotals, reasonTotals, sourceTotals, timelineRows } from './dropRows';
import type { DropSummary } from './dropTypes';

const HOUR = 3_600_000;
const summary = (overrides: Partial<DropSummary>): DropSummary => ({
  from: 10 * HOUR + 60_000, to: 14 * HOUR + 60_000, bucketMs: HOUR, totals: [], byProduct: [], buckets: [], ...overrides,
});

describe('timelineRows', () => {
  it('gives every bucket of the window for one source, a count per reason', () => {
    const rows = timelineRows(summary({
      buckets: [
        { start: 11 * HOUR, source: 'logs', reason: 'queue_full', count: 3 },
        { start: 11 * HOUR, source: 'analytics', reason: 'consent', count: 9 },
        { start: 11 * HOUR, source: 'logs', reason: 'rejected', count: 1 },
        { start: 13 * HOUR, source: 'logs', reason: 'queue_full', count: 2 },
      ],
    }), 'logs');
    expect(rows.map((r) => r.start)).toEqual([10, 11, 12, 13, 14].map((h) => h * HOUR));
    expect(rows.map((r) => [r.queue_full, r.rejected, r.consent])).toEqual([[0, 0, 0], [3, 1, 0], [0, 0, 0], [2, 0, 0], [0, 0, 0]]);
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(['start', ...REASON_ORDER].sort());
  });
});

describe('sourceTotals and reasonTotals', () => {
  const totals = [
    { source: 'analytics', reason: 'consent', count: 7 },
    { source: 'logs', reason: 'queue_full', count: 4 },
    { source: 'analytics', reason: 'queue_full', count: 3 },
    { source: 'logs', reason: 'oversize', count: 7 },
  ] as const;

  it('sums each source', () => {
    expect(sourceTotals([...totals])).toEqual({ logs: 11, analytics: 10 });
    expect(sourceTotals([])).toEqual({ logs: 0, analytics: 0 });
  });

  it('gives one row per reason with both sources, the largest total first and ties in legend order', () => {
    expect(reasonTotals([...totals])).toEqual([
      { reason: 'queue_full', logs: 4, analytics: 3 },
      { reason: 'oversize', logs: 7, analytics: 0 },
      { reason: 'consent', logs: 0, analytics: 7 },
    ]);
  });
});

describe('productTotals', () => {
  it('groups log drops by product, the product losing most first, its reasons largest first', () => {
    expect(productTotals([
      { product: 'hotels', reason: 'queue_full', count: 2 },
      { product: 'flights', reason: 'consent', count: 1 },
      { product: 'flights', reason: 'rejected', count: 5 },
    ])).toEqual([
      { product: 'flights', total: 6, reasons: [{ reason: 'rejected', count: 5 }, { reason: 'consent', count: 1 }] },
      { product: 'hotels', total: 2, reasons: [{ reason: 'queue_full', count: 2 }] },
    ]);
  });
});

describe('DROP_REASONS', () => {
  it('explains every reason with a label, a meaning, an action and its own colour', () => {
    const infos = Object.values(DROP_REASONS);
    for (const info of infos) expect(info.label && info.meaning && info.action).toBeTruthy();
    expect(new Set(infos.map((i) => i.color)).size).toBe(infos.length);
  });
});
