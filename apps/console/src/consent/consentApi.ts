import type { ConsoleClient } from '../api/client';

/** Why a visitor was asked again (docs/consent.md, "Re-consent"). */
export type ReconsentReason = 'expired' | 'gvl_vendors' | 'site_vendors' | 'policy';

/** One UTC day of `GET /console/api/consent/summary` (docs/consent.md). */
export interface ConsentDay {
  day: string;
  visitors: number;
  choices: { accept_all: number; reject_all: number; custom: number };
  purposes: Record<string, number>;
  purposeObjections: Record<string, number>;
  vendorConsents: Record<string, number>;
  vendorObjections: Record<string, number>;
  reconsents: Record<ReconsentReason, number>;
}

/** The summary reply: days with choices, the vendor list's purposes and the site's vendors. */
export interface ConsentSummary {
  days: ConsentDay[];
  purposes: { id: number; name: string }[];
  vendors: { id: number; name: string }[];
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
