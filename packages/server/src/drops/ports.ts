import type { DropSummary } from './contract.js';

/** The window and bucket size of the console's drop summary. */
export interface DropWindow {
  from: number;
  to: number;
  bucketMs: number;
}

/**
 * What the console reads of drop reports. There is no drop ingest port of its own: a report
 * rides in a log or analytics body and is stored by that body's ingest port, atomically with it.
 */
export interface DropQuery {
  /** Drops received in [from, to): totals per source and reason, and per bucket of `bucketMs`. */
  dropSummary(window: DropWindow): Promise<DropSummary>;
}
