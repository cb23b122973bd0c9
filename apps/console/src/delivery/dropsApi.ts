import type { ConsoleClient } from '../api/client';
import type { DropSummary } from './dropTypes';

/** The drops summary of the last `hours`, ending `now`. */
export function fetchDrops(client: ConsoleClient, hours: number, signal?: AbortSignal, now = Date.now()): Promise<DropSummary> {
  const params = new URLSearchParams({ from: String(now - hours * 3_600_000), to: String(now) });
  return client.get<DropSummary>(`/drops?${params.toString()}`, signal);
}
