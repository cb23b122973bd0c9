import type { ConsoleClient } from '../api/client';
import type { SignalBucket, SignalSummary } from './signalTypes';

/** Reads the Signals summary for the last `hours`, as the one `from`/`to` window every view sends. */
export function fetchSignalSummary(client: ConsoleClient, hours: number, signal?: AbortSignal, now = Date.now()): Promise<SignalSummary> {
  return client.get<SignalSummary>(`/signals/summary?from=${now - hours * 3_600_000}&to=${now}`, signal);
}

/** Share of automation among judged reports, 0..1; null while there are none. */
export function automationShare(totals: SignalSummary['totals']): number | null {
  const judged = totals.people + totals.automation;
  return judged === 0 ? null : totals.automation / judged;
}

/**
 * Buckets merged onto whole multiples of `bucketMs`, oldest first. The summary is meant to
 * send aligned starts, but a store that divides in floating point sends each report's own
 * time; merging here keeps the chart to one bar per bucket either way.
 */
export function alignBuckets(buckets: SignalBucket[], bucketMs: number): SignalBucket[] {
  const merged = new Map<number, SignalBucket>();
  for (const b of buckets) {
    const start = Math.floor(b.start / bucketMs) * bucketMs;
    const into = merged.get(start) ?? { start, people: 0, automation: 0, fallback: 0 };
    merged.set(start, { start, people: into.people + b.people, automation: into.automation + b.automation, fallback: into.fallback + b.fallback });
  }
  return [...merged.values()].sort((a, b) => a.start - b.start);
}
