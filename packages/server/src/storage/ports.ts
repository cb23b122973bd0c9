import type { AlertStorage } from '../alerts/alertStorage.js';
import type { AnalyticsIngest, AnalyticsQuery } from '../analytics/ports.js';
import type { StoredAnalyticsHit } from '../analytics/contract.js';
import type { ConsentIngest, ConsentQuery } from '../consent/ports.js';
import type { StoredDropReport } from '../drops/contract.js';
import type { DropQuery } from '../drops/ports.js';
import type { ClientLogInsert, LogIngest, LogQuery } from '../logs/ports.js';
import type { PerfReport } from '../perf/contract.js';
import type { PerfIngest, PerfQuery } from '../perf/ports.js';
import type { ReleaseStorage } from '../releases/contract.js';
import type { SignalIngest, SignalQuery } from '../signals/ports.js';

/**
 * The store, split along the lines its two kinds of callers need: `ingest` is what a writer calls
 * (a route in direct mode, a JetStream writer otherwise), `query` is what the console and the
 * services behind it read and change. Each capability owns its two ports in its own folder
 * (`logs/ports.ts`…); an engine implements them in `storage/<engine>/<capability>.ts`.
 */
export interface Store {
  readonly engine: StoreEngine;
  readonly ingest: IngestPorts;
  readonly query: QueryPorts;
  /** Small named values every instance must agree on (secrets, keys, operator settings). */
  readonly settings: SettingsPort;
  /** Per-client request counters shared by every instance using this store (rate limits). */
  readonly counters: CounterPort;
  /** Resolves when the store answers; rejects when it cannot be reached (health checks). */
  ping(): Promise<void>;
  /** Writes what is still queued, then lets go of the engine. */
  close(): Promise<void>;
}

export type StoreEngine = 'sqlite' | 'postgres';

/** What writers call. Every item is idempotent by its client-generated id. */
export interface IngestPorts {
  readonly logs: LogIngest;
  readonly perf: PerfIngest;
  readonly analytics: AnalyticsIngest;
  readonly signals: SignalIngest;
  readonly consent: ConsentIngest;
  /**
   * Stores every item in one transaction (all or none), each once by its ids however often it
   * comes: what a JetStream writer calls with one pull's worth of messages.
   */
  writeBatch(items: readonly IngestItem[]): Promise<void>;
}

/** One queued ingest request, as a route accepted it: what travels through JetStream. */
export type IngestItem =
  | { kind: 'logs'; batch: ClientLogInsert }
  | { kind: 'perf'; report: PerfReport }
  | { kind: 'analytics'; hits: StoredAnalyticsHit[]; dropped?: StoredDropReport };

/** What the console (and the services behind it) read and change. */
export interface QueryPorts {
  readonly logs: LogQuery;
  readonly perf: PerfQuery;
  readonly analytics: AnalyticsQuery;
  readonly drops: DropQuery;
  readonly signals: SignalQuery;
  readonly consent: ConsentQuery;
  /** Issues, releases and source maps: the operator's workflow over log groups. */
  readonly releases: ReleaseStorage;
  /** Alert rules, their deliveries and the evaluator's cursors. */
  readonly alerts: AlertStorage;
}

/** Named text values shared by every instance on the store. */
export interface SettingsPort {
  /** Null when never set. */
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<void>;
  /**
   * The stored value, or `value` stored now when there is none: of many instances starting
   * together with different candidates (a fresh secret each), all end up with the same one.
   */
  getOrCreate(key: string, value: string): Promise<string>;
}

/** Fixed-window request counters (rate limits) kept in the store. */
export interface CounterPort {
  /**
   * Adds one to `key`'s count in the window of `windowMs` that holds `now`; the count after
   * adding and when that window ends.
   */
  increment(key: string, windowMs: number, now: number): Promise<{ count: number; resetAt: number }>;
}
