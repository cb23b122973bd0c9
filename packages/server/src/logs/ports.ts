import type { StoredDropReport } from '../drops/contract.js';
import type { TimeGrid } from '../rollups/timeGrid.js';
import type { LogGroup, LogGroupDetail, LogGroupList, LogOccurrence } from './contract.js';

/**
 * One accepted client-log message, already scrubbed and stamped by the server, ready to store.
 * The storage layer only persists; all judgement (rules, scrubbing, limits) happens before.
 */
export interface NewClientLog
  extends Pick<LogGroup, 'groupId' | 'product' | 'level' | 'type' | 'message' | 'fileName' | 'lineNo' | 'colNo'>,
    Pick<LogGroupDetail, 'stackTrace' | 'parsedStackTrace'>,
    Omit<LogOccurrence, 'id'> {
  /** The client's id of the message: its idempotency key within its group. */
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

/** A group's occurrences of one release in one bucket of a grid (release null: sent without one). */
export interface OccurrenceBucket {
  groupId: string;
  release: string | null;
  start: number;
  count: number;
}

/**
 * Gives records whose stack resolves through a release's source maps the group of their original
 * place (implemented in `releases/`, handed in by the app).
 */
export interface StackRegrouper {
  regroup(records: NewClientLog[]): Promise<void>;
}

/** Filters of the console's group list (see the contract for their meaning). */
export interface LogGroupFilter {
  level?: number;
  product?: string;
  q?: string;
  limit: number;
}

/** What a writer calls: the ingest side of client logs. */
export interface LogIngest {
  /**
   * Stores every record and the drop report or none (one transaction); re-sent message ids and
   * report ids are not counted twice.
   */
  insertClientLogs(batch: ClientLogInsert): Promise<void>;
}

/** What the console reads of client logs (the issue side lives in issues/). */
export interface LogQuery {
  listLogGroups(filter: LogGroupFilter): Promise<LogGroupList>;
  /** Null when the group is unknown. */
  getLogGroup(groupId: string): Promise<LogGroupDetail | null>;
  /**
   * Occurrences of each of `groupIds` per release and bucket of `grid` widened to whole hours
   * (`logGrid`), read from the rollups as of `now` (retention); buckets without any are left out.
   */
  occurrenceBuckets(groupIds: readonly string[], grid: TimeGrid, now: number): Promise<OccurrenceBucket[]>;
}
