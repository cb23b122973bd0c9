import type { WindowPiece } from '../rollups/timeGrid.js';
import type { AttributedMetric } from './attribution/contract.js';
import type { BrowserFamily } from './browserFamily.js';
import type { PerfReport } from './contract.js';
import type { PageKey } from './perfRollup.js';

/** Which performance reports a console query reads. */
export interface PerfFilter {
  from: number;
  to: number;
  vertical?: string;
  pageId?: string;
  subPageId?: string;
  /** Only reports carrying this page tag (the raw drill-down's filter). */
  pageTag?: string;
  /** Only reports of this browser family (perf/browserFamily.ts). */
  browser?: BrowserFamily;
  limit: number;
}

/** Which rollup rows a console read merges: the pieces of its window, and the page filters. */
export interface PerfRollupFilter {
  /** Disjoint pieces, each read from its own level's rows with `from <= start < to`. */
  pieces: readonly WindowPiece[];
  vertical?: string;
  pageId?: string;
  subPageId?: string;
  /**
   * Only the rows of this browser family; without it, the rows of every report of a page (which
   * also hold the reports counted before families were kept).
   */
  browser?: BrowserFamily;
}

/** Which attribution rollup rows the "What to fix" read merges: one metric's, for the filter's pages. */
export interface PerfAttributionFilter extends PerfRollupFilter {
  metric: AttributedMetric;
}

/**
 * One stored rollup row: its start (epoch ms of its minute, hour or UTC day), page and figures,
 * the sketches still encoded (rollups/sketchCodec.ts) so a reader decodes each row straight into
 * the sums it builds (`addRow` in perfRollup.ts), with no maps per row.
 */
export interface PerfRollupRow {
  start: number;
  page: PageKey;
  /** Values of NUMBER_COLUMNS (perfRollup.ts), in that order. */
  values: number[];
  sketches: Uint8Array;
}

/** What a writer calls: one report per request, idempotent by its client id. */
export interface PerfIngest {
  insertPerfReport(report: PerfReport): Promise<void>;
}

/** What the console reads of performance reports. */
export interface PerfQuery {
  /** Reports received in [from, to), newest first, at most `limit`. */
  listPerfReports(filter: PerfFilter): Promise<PerfReport[]>;
  /**
   * The rollup rows of every piece matching the filters (pieces of any level; no order promised).
   * Rows cover reports written with rollups on, each counted once however often it was sent.
   */
  readPerfRollups(filter: PerfRollupFilter): Promise<PerfRollupRow[]>;
  /**
   * The encoded attribution rollup rows (perf/attribution/metricRollup.ts) of one metric in every
   * piece: the whole site's own rows when no page filter is given, else the matching pages' rows.
   */
  readPerfAttribution(filter: PerfAttributionFilter): Promise<Uint8Array[]>;
}
