import type { ConsoleClient } from '../api/client';

/** One UTC day of `GET /console/api/consent/summary` (docs/consent.md). */
export interface ConsentDay {
  day: string;
  visitors: number;
  choices: { accept_all: number; reject_all: number; custom: number };
  purposes: Record<string, number>;
}

/** The summary reply: days with choices, and the vendor list's purposes. */
export interface ConsentSummary {
  days: ConsentDay[];
  purposes: { id: number; name: string }[];
}

/** Loads the last `days` days. */
export function fetchConsentSummary(client: ConsoleClient, days: number, signal?: AbortSignal): Promise<ConsentSummary> {
  return client.get<ConsentSummary>(`/consent/summary?days=${days}`, signal);
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
