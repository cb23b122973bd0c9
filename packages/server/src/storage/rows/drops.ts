import type { DropReason, StoredDropReport } from '../../drops/contract.js';

/** A `drop_counts` row: one report's count for one reason. */
export interface DropRow {
  source: StoredDropReport['source'];
  report_id: string;
  reason: DropReason;
  product: string | null;
  count: number;
  received_at: number;
}

/** The rows of a report, one per reason it counted (a zero or absent count is no row). */
export function dropRowsOf(report: StoredDropReport): DropRow[] {
  return (Object.entries(report.counts) as [DropReason, number | undefined][])
    .filter((entry): entry is [DropReason, number] => Boolean(entry[1]))
    .map(([reason, count]) => ({
      source: report.source,
      report_id: report.id,
      reason,
      product: report.product,
      count,
      received_at: report.receivedAt,
    }));
}
