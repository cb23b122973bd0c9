/**
 * The drop-report contract (docs/client-logs.md and docs/analytics.md, "Dropped items"): what a
 * page says it gave up (owned by the platform transport, imported type-only) and what the
 * console API answers about it (owned here), so the ingest routes, storage and the console's
 * Delivery section cannot drift apart.
 */

import type { DropReason } from '@tarmac/platform/transport';

export type { DropReason, DropReport } from '@tarmac/platform/transport';

/** Which product's transport gave the items up: the logger or analytics. */
export type DropSource = 'logs' | 'analytics';

/**
 * A drop report as stored: the counts of one body's `dropped` field with the server's facts
 * beside them. `product` is the log batch's product, null for analytics (its batches carry
 * none). Only known reasons remain, the schema having stripped any others.
 */
export interface StoredDropReport {
  id: string;
  source: DropSource;
  product: string | null;
  receivedAt: number;
  counts: Partial<Record<DropReason, number>>;
}

/** Items given up for one reason by one source, summed over a window or a bucket. */
export interface DropCount {
  source: DropSource;
  reason: DropReason;
  count: number;
}

/** One time bucket's count for one source and reason; `start` is a whole multiple of `bucketMs`. */
export interface DropBucket extends DropCount {
  start: number;
}

/** Log occurrences one product's pages gave up for one reason (analytics batches name no product). */
export interface ProductDropCount {
  product: string;
  reason: DropReason;
  count: number;
}

/**
 * `GET /console/api/drops`: the window, the bucket size the timeline uses, the totals per
 * source and reason (largest first), the log totals per product and reason (largest first), and
 * the timeline, which lists only buckets with drops (oldest first). An empty window is three
 * empty lists.
 */
export interface DropSummary {
  from: number;
  to: number;
  bucketMs: number;
  totals: DropCount[];
  byProduct: ProductDropCount[];
  buckets: DropBucket[];
}
