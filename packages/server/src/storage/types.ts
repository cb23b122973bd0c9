import type { AlertStorage } from '../alerts/alertStorage.js';
import type { SignalStorage } from '../signals/contract.js';
import type { ConsentStorage } from '../consent/consentStorage.js';
import type { ClientLogReply, LogGroupDetail, LogGroupList } from '../logs/contract.js';
import type { AnalyticsBucket, AnalyticsCount, AnalyticsFilter, Dimension, StoredAnalyticsHit } from '../analytics/contract.js';
import type { PerfReport } from '../perf/contract.js';
import type { DropSummary, StoredDropReport } from '../drops/contract.js';
import type { ReleaseStorage } from '../releases/contract.js';

export type { NewClientLog, ClientLogInsert, LogGroupFilter } from '../logs/ports.js';
export type { PerfFilter } from '../perf/ports.js';
export type { DropWindow } from '../drops/ports.js';
import type { ClientLogInsert, LogGroupFilter } from '../logs/ports.js';
import type { PerfFilter } from '../perf/ports.js';
import type { DropWindow } from '../drops/ports.js';

/**
 * What the server needs from a store. Async so that a networked adapter (PostgreSQL) fits the
 * same shape; everything engine-specific stays inside the adapter.
 */
export interface Storage extends SignalStorage, ConsentStorage, ReleaseStorage, AlertStorage {
  /**
   * Stores every record and the drop report or none (one transaction); re-sent message ids and
   * report ids are not counted twice.
   */
  insertClientLogs(batch: ClientLogInsert): Promise<void>;
  listLogGroups(filter: LogGroupFilter): Promise<LogGroupList>;
  /** Null when the group is unknown. */
  getLogGroup(groupId: string): Promise<LogGroupDetail | null>;
  /** Null when the operator never saved settings (the config file's rules then apply). */
  getLogSettings(): Promise<ClientLogReply | null>;
  setLogSettings(settings: ClientLogReply): Promise<void>;
  insertPerfReport(report: PerfReport): Promise<void>;
  /** Reports received in [from, to), newest first, at most `limit`. */
  listPerfReports(filter: PerfFilter): Promise<PerfReport[]>;
  /** Stores every hit and the drop report or none (one transaction); a re-sent report id counts once. */
  insertAnalyticsHits(hits: StoredAnalyticsHit[], dropped?: StoredDropReport): Promise<void>;
  /** Page views and events per value of `by`, the most frequent first. */
  countAnalytics(filter: AnalyticsFilter, by: Dimension, limit: number): Promise<AnalyticsCount[]>;
  /** Counts per time bucket of `bucketMs` from `filter.from`, empty buckets included. */
  analyticsTimeline(filter: AnalyticsFilter, bucketMs: number): Promise<AnalyticsBucket[]>;
  /** Drops received in [from, to): totals per source and reason, and per bucket of `bucketMs`. */
  dropSummary(window: DropWindow): Promise<DropSummary>;
  close(): Promise<void>;
}
