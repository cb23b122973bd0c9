/**
 * Why the platform gave items up instead of delivering them. Each reason names one place in
 * the code, so an operator reading the counts knows what to change:
 * - `queue_full`: the byte-capped queue pushed out its oldest items while the server was slow;
 * - `retries_exhausted`: a batch failed every attempt (no reply, 429 or 5xx);
 * - `rejected`: the server refused a batch with a 4xx other than 429 (it will never take it);
 * - `filtered`: a `beforeSend` hook or the operator's ignore rules refused the item;
 * - `stopped`: the server said `stopLogging`;
 * - `consent`: the visitor refused consent for what the item measures;
 * - `oversize`: the item alone was larger than the queue's cap, or not JSON at all.
 */
export type DropReason = 'queue_full' | 'retries_exhausted' | 'rejected' | 'filtered' | 'stopped' | 'consent' | 'oversize';

/**
 * What a page tells the server about items it gave up since its last report that got through
 * (Sentry calls these client reports). It rides along in the `dropped` field of the product's
 * next request body, or alone in the exit beacon. Counts are in the product's own units: log
 * occurrences (a message repeated 40 times and then dropped counts 40), analytics hits. `id` is
 * new for every report, so a retried body is counted once by the server.
 */
export interface DropReport {
  id: string;
  counts: Partial<Record<DropReason, number>>;
}
