import type { NewSignalReport, SignalSummary, StoredSignalReport } from './contract.js';

/** What a writer calls. The nonce's uniqueness in the store is the replay guard of every instance. */
export interface SignalIngest {
  /** Stores the report; false (and nothing stored) when its nonce was seen before: a replay. */
  insertSignalReport(report: NewSignalReport): Promise<boolean>;
  /** Records a token-only hit of the fallback URL. */
  insertSignalFallback(hit: { receivedAt: number; userAgent: string | null }): Promise<void>;
}

/** What the console reads of browser signals. */
export interface SignalQuery {
  signalSummary(query: { since: number; bucketMs: number }): Promise<SignalSummary>;
  recentSignalReports(limit: number): Promise<StoredSignalReport[]>;
}
