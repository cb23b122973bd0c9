import type { AlertStorage } from '../alerts/alertStorage.js';
import type { SignalStorage } from '../signals/contract.js';
import type { ConsentStorage } from '../consent/consentStorage.js';
import type { ClientLogReply, LogGroup, LogGroupDetail, LogGroupList, LogOccurrence } from '../logs/contract.js';
import type { AnalyticsBucket, AnalyticsCount, AnalyticsFilter, Dimension, StoredAnalyticsHit } from '../analytics/contract.js';
import type { PerfReport } from '../perf/contract.js';
import type { DropSummary, StoredDropReport } from '../drops/contract.js';
import type { ReleaseStorage } from '../releases/contract.js';

/**
 * One accepted client-log message, already scrubbed and stamped by the server, ready to store.
 * The storage layer only persists; all judgement (rules, scrubbing, limits) happens before.
 */
export interface NewClientLog
  extends Pick<LogGroup, 'groupId' | 'product' | 'level' | 'type' | 'message' | 'fileName' | 'lineNo' | 'colNo'>,
    Pick<LogGroupDetail, 'stackTrace' | 'parsedStackTrace'>,
    Omit<LogOccurrence, 'id'> {
  messageId: string;
}

/**
 * A batch to store atomically: its records, how many of its messages the operator's rules
 * dropped here, and the page's own report of what it gave up before sending (if the body had one).
 */
export interface ClientLogInsert {
  records: NewClientLog[];
  ignored: number;
  dropped?: StoredDropReport;
}

/** The window and bucket size of the console's drop summary. */
export interface DropWindow {
  from: number;
  to: number;
  bucketMs: number;
}

/** Filters of the console's group list (see the contract for their meaning). */
export interface LogGroupFilter {
  level?: number;
  product?: string;
  q?: string;
  limit: number;
}

/** Which performance reports a console query reads. */
export interface PerfFilter {
  from: number;
  to: number;
  vertical?: string;
  pageId?: string;
  subPageId?: string;
  limit: number;
}

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
