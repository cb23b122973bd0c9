import type { ConsentDay, ConsentSummary } from '@tarmac/server/contracts';
import type { ConsoleClient } from '../api/client';

// The reply's shapes are the server's own (purposes and vendors keyed by their numeric ids).
export type { ConsentCountry, ConsentDay, ConsentSummary, ReconsentReason } from '@tarmac/server/contracts';

const DAY_MS = 86_400_000;

/** Loads the last `days` UTC days, today included, as the one `from`/`to` window every view sends. */
export function fetchConsentSummary(client: ConsoleClient, days: number, signal?: AbortSignal, now = Date.now()): Promise<ConsentSummary> {
  const from = Math.floor(now / DAY_MS) * DAY_MS - (days - 1) * DAY_MS;
  return client.get<ConsentSummary>(`/consent/summary?from=${from}&to=${now}`, signal);
}

/** `part` as a percentage of `whole` to one decimal; 0 for an empty whole rather than NaN. */
export const percent = (part: number, whole: number): number => (whole ? Math.round((part / whole) * 1000) / 10 : 0);

/** Totals over the whole window, for the headline numbers. */
export function totals(days: ConsentDay[]) {
  const sum = { visitors: 0, accept_all: 0, reject_all: 0, custom: 0 };
  for (const d of days) {
    sum.visitors += d.visitors;
    sum.accept_all += d.choices.accept_all;
    sum.reject_all += d.choices.reject_all;
    sum.custom += d.choices.custom;
  }
  return { ...sum, acceptShare: percent(sum.accept_all, sum.visitors), rejectShare: percent(sum.reject_all, sum.visitors), customShare: percent(sum.custom, sum.visitors) };
}
