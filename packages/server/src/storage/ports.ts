import type { AlertStorage } from '../alerts/ports.js';
import type { AnalyticsIngest, AnalyticsQuery } from '../analytics/ports.js';
import type { ConsentIngest, ConsentQuery } from '../consent/ports.js';
import type { DropQuery } from '../drops/ports.js';
import type { LogIngest, LogQuery } from '../logs/ports.js';
import type { PerfIngest, PerfQuery } from '../perf/ports.js';
import type { SettingsPort } from '../settings/ports.js';
import type { CounterPort } from '../http/ports.js';
import type { IngestItem } from '../ingest/contract.js';
import type { GroupEventFeed, IssueStorage } from '../issues/ports.js';
import type { ReleaseStorage, SourceMapStorage } from '../releases/ports.js';
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

/** What the console (and the services behind it) read and change. */
export interface QueryPorts {
  readonly logs: LogQuery;
  readonly perf: PerfQuery;
  readonly analytics: AnalyticsQuery;
  readonly drops: DropQuery;
  readonly signals: SignalQuery;
  readonly consent: ConsentQuery;
  /** The operator's workflow over log groups. */
  readonly issues: IssueStorage;
  /** New and regressed groups, in order, for alert rules. */
  readonly groupEvents: GroupEventFeed;
  /** The Releases view. */
  readonly releases: ReleaseStorage;
  /** Uploaded source maps and the stacks resolved through them. */
  readonly sourceMaps: SourceMapStorage;
  /** Alert rules, their deliveries and the evaluator's cursors. */
  readonly alerts: AlertStorage;
}

/**
 * The four ports an engine builds from one set of tables (groups, their releases and stacks,
 * source maps): each engine's `releases.ts` returns one object that serves all of them.
 */
export type IssueAndReleasePorts = IssueStorage & GroupEventFeed & ReleaseStorage & SourceMapStorage;
