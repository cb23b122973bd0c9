import type { PerfReport } from './contract.js';

/** Which performance reports a console query reads. */
export interface PerfFilter {
  from: number;
  to: number;
  vertical?: string;
  pageId?: string;
  subPageId?: string;
  limit: number;
}

/** What a writer calls: one report per request, idempotent by its client id. */
export interface PerfIngest {
  insertPerfReport(report: PerfReport): Promise<void>;
}

/** What the console reads of performance reports. */
export interface PerfQuery {
  /** Reports received in [from, to), newest first, at most `limit`. */
  listPerfReports(filter: PerfFilter): Promise<PerfReport[]>;
}
