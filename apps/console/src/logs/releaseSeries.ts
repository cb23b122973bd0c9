import type { GroupTimeline } from '@tarmac/server/contracts';
import type { TimeSeries } from '../charts/TimeBars';

/** Releases drawn on their own; the rest share one series, so the legend stays readable. */
export const RELEASES_SHOWN = 5;

const COLORS = ['#c92a2a', '#f59f00', '#4c6ef5', '#12b886', '#9c36b5'];
const OTHER = { key: 'other', name: 'Other releases', color: '#868e96', stack: 'r' };
const NONE = { key: 'none', name: 'No release', color: '#adb5bd', stack: 'r' };

/** One bar per bucket of the window, its count per series, empty buckets as 0. */
export type TimelineRow = { start: number } & Record<string, number>;

/**
 * The group's timeline as stacked bars by release: the releases with most occurrences in the
 * window each in a colour, the others together, messages without a release apart. A timeline
 * without a release split (a short window's minute buckets) is one series.
 */
export function releaseSeries(timeline: GroupTimeline): { rows: TimelineRow[]; series: TimeSeries[] } {
  const first = Math.floor(timeline.from / timeline.bucketMs) * timeline.bucketMs;
  const rows: TimelineRow[] = [];
  const index = new Map<number, TimelineRow>();
  for (let start = first; start < timeline.to; start += timeline.bucketMs) {
    const row = { start } as TimelineRow;
    rows.push(row);
    index.set(start, row);
  }
  const add = (key: string, buckets: { start: number; count: number }[]) => {
    for (const { start, count } of buckets) {
      const row = index.get(start);
      if (row) row[key] = (row[key] ?? 0) + count;
    }
  };
  if (!timeline.releases) {
    add('count', timeline.buckets);
    return { rows, series: [{ key: 'count', name: 'Occurrences', color: COLORS[0]!, stack: 'r' }] };
  }
  const named = timeline.releases.filter((r) => r.release !== null);
  const shown = named.slice(0, RELEASES_SHOWN);
  const series: TimeSeries[] = shown.map((r, i) => ({ key: `r${i}`, name: r.release!, color: COLORS[i]!, stack: 'r' }));
  shown.forEach((r, i) => add(`r${i}`, r.buckets));
  for (const r of named.slice(RELEASES_SHOWN)) add(OTHER.key, r.buckets);
  for (const r of timeline.releases.filter((r) => r.release === null)) add(NONE.key, r.buckets);
  for (const row of rows) for (const s of [...series, OTHER, NONE]) row[s.key] ??= 0;
  return { rows, series: [...series, OTHER, NONE] };
}
