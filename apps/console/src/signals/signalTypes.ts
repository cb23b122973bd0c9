/** A count per value (time zone, language, screen, reason): the server's spreads. */
export interface ValueCount {
  value: string;
  count: number;
}

/** One time bucket: reports judged people or automation, and token-only fallback hits. */
export interface SignalBucket {
  start: number;
  people: number;
  automation: number;
  fallback: number;
}

/** `GET /console/api/signals/summary` (docs/signals.md). */
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
