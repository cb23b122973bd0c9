import { percent } from './consentApi';
import type { ConsentDay, ReconsentReason } from './consentApi';

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const emptyDay = (day: string): ConsentDay => ({
  day,
  visitors: 0,
  choices: { accept_all: 0, reject_all: 0, custom: 0 },
  purposes: {},
  purposeObjections: {},
  vendorConsents: {},
  vendorObjections: {},
  reconsents: { expired: 0, gvl_vendors: 0, site_vendors: 0, policy: 0 },
});

/**
 * The days from the first one with choices through the last (or `today`, if later), the
 * missing ones as empty days: the summary lists only days with choices, and a chart that
 * squeezes out the quiet days misreads time. Starting at the first day keeps a new site's
 * single day from drowning in an empty month.
 */
export function fillDays(days: ConsentDay[], today = isoDay(Date.now())): ConsentDay[] {
  const first = days[0];
  if (!first) return [];
  const byDay = new Map(days.map((d) => [d.day, d]));
  const last = Math.max(Date.parse(days.at(-1)?.day ?? first.day), Date.parse(today));
  const rows: ConsentDay[] = [];
  for (let t = Date.parse(first.day); t <= last; t += DAY) {
    const day = isoDay(t);
    rows.push(byDay.get(day) ?? emptyDay(day));
  }
  return rows;
}

/** One row per day with each choice's count and its share of the day's visitors, for the stacked 100 % bars. */
export function choiceRows(days: ConsentDay[]) {
  return days.map((d) => ({
    day: d.day,
    visitors: d.visitors,
    ...d.choices,
    shares: { accept_all: percent(d.choices.accept_all, d.visitors), custom: percent(d.choices.custom, d.visitors), reject_all: percent(d.choices.reject_all, d.visitors) },
  }));
}

/** Each purpose's consenting visitors over the whole window and their share of all visitor-days, by purpose number. */
export function purposeShares(days: ConsentDay[], purposes: { id: number; name: string }[]) {
  const visitors = days.reduce((sum, d) => sum + d.visitors, 0);
  return [...purposes]
    .sort((a, b) => a.id - b.id)
    .map((p) => {
      const consented = days.reduce((sum, d) => sum + (d.purposes[p.id] ?? 0), 0);
      return { id: p.id, label: `${p.id}. ${p.name}`, consented, visitors, share: percent(consented, visitors) };
    });
}

/** One purpose's share per day; null on a day without visitors, so the line breaks instead of dropping to 0. */
export function purposeTrend(days: ConsentDay[], purposeId: number) {
  return days.map((d) => ({
    day: d.day,
    share: d.visitors ? percent(d.purposes[purposeId] ?? 0, d.visitors) : null,
    consented: d.purposes[purposeId] ?? 0,
    visitors: d.visitors,
  }));
}

/** "Mar 3" for an ISO day, read in UTC as the server's days are. */
export function dayLabel(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

const sum = (days: ConsentDay[], pick: (d: ConsentDay) => number) => days.reduce((total, d) => total + pick(d), 0);

/**
 * Per vendor over the window: visitor-days that consented to it and that objected to its
 * legitimate interest, each with its share of all visitor-days, in vendor id order.
 */
export function vendorRows(days: ConsentDay[], vendors: { id: number; name: string }[]) {
  const visitors = sum(days, (d) => d.visitors);
  return [...vendors]
    .sort((a, b) => a.id - b.id)
    .map((v) => {
      const consented = sum(days, (d) => d.vendorConsents[v.id] ?? 0);
      const objected = sum(days, (d) => d.vendorObjections[v.id] ?? 0);
      return { id: v.id, name: v.name, visitors, consented, consentShare: percent(consented, visitors), objected, objectionShare: percent(objected, visitors) };
    });
}

/** Why visitors were asked again, in the order the console lists them, with their labels. */
export const RECONSENT_REASONS: { key: ReconsentReason; label: string }[] = [
  { key: 'expired', label: 'Choice expired' },
  { key: 'gvl_vendors', label: 'New vendors in the vendor list' },
  { key: 'site_vendors', label: 'Site added vendors' },
  { key: 'policy', label: 'New TCF policy' },
];

/** Visitors who answered a re-consent prompt over the window, per reason and in all. */
export function reconsentTotals(days: ConsentDay[]) {
  const byReason = RECONSENT_REASONS.map((r) => ({ ...r, visitors: sum(days, (d) => d.reconsents?.[r.key] ?? 0) }));
  return { byReason, total: byReason.reduce((total, r) => total + r.visitors, 0) };
}
