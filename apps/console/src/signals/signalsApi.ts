import type { ConsoleClient } from '../api/client';
import type { SignalSummary } from './signalTypes';

/** The time windows the view offers, in hours. */
export const WINDOWS = [
  { hours: 24, label: 'Last 24 hours' },
  { hours: 168, label: 'Last 7 days' },
  { hours: 720, label: 'Last 30 days' },
] as const;

/** Reads the Signals summary for the last `hours`. */
export function fetchSignalSummary(client: ConsoleClient, hours: number, signal?: AbortSignal): Promise<SignalSummary> {
  return client.get<SignalSummary>(`/signals/summary?hours=${hours}`, signal);
}

/** Share of automation among judged reports, 0..1; null while there are none. */
export function automationShare(totals: SignalSummary['totals']): number | null {
  const judged = totals.people + totals.automation;
  return judged === 0 ? null : totals.automation / judged;
}

/** Axis label of a bucket start: hours for hourly buckets, dates for daily ones. */
export function bucketLabel(start: number, bucketMs: number): string {
  const date = new Date(start);
  return bucketMs < 86_400_000
    ? date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })
    : date.toLocaleDateString(undefined, { month: 'short', day: 'numeric' });
}
