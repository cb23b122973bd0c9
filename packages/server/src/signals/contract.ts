// The storage and console shapes of browser signals (docs/signals.md). What the browser collects is
// typed by the platform's collector (packages/platform/src/signals/types.ts) and only re-exported
// here; the server still trusts none of it (readPayload.ts validates every field).
import type { Signals } from '@tarmac/platform/signals';

export type { ScreenSignal, SignalPayload, Signals } from '@tarmac/platform/signals';

/** The server's judgement: `score` 0..100, `automation` when it reaches the threshold, and why. */
export interface BotVerdict {
  score: number;
  automation: boolean;
  reasons: string[];
}

/** One accepted report, ready to store. */
export interface NewSignalReport {
  nonce: string;
  receivedAt: number;
  clientTs: number;
  userAgent: string | null;
  verdict: BotVerdict;
  signals: Signals;
}

/** A count per value, for the console's spreads. */
export interface ValueCount {
  value: string;
  count: number;
}

/** One time bucket of the console's chart. */
export interface SignalBucket {
  start: number;
  people: number;
  automation: number;
  fallback: number;
}

/** What `GET /console/api/signals/summary` answers. */
export interface SignalSummary {
  since: number;
  bucketMs: number;
  totals: { people: number; automation: number; fallback: number };
  buckets: SignalBucket[];
  topReasons: ValueCount[];
  timeZones: ValueCount[];
  languages: ValueCount[];
  screens: ValueCount[];
}

/** A stored report as the console lists it. */
export interface StoredSignalReport {
  id: number;
  receivedAt: number;
  userAgent: string | null;
  score: number;
  automation: boolean;
  reasons: string[];
  signals: Signals;
}
