import { percent } from './consentApi';
import type { ConsentDay } from './consentApi';

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

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
    rows.push(byDay.get(day) ?? { day, visitors: 0, choices: { accept_all: 0, reject_all: 0, custom: 0 }, purposes: {} });
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
