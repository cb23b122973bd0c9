import type { GroupTimeline, GroupWindowCounts, IssueGroupList, IssueGroupPage, LogWindow } from './contract.js';
import { bucketStart } from '../rollups/timeGrid.js';
import type { OccurrenceBucket } from '../logs/ports.js';

/** Every bucket start of a window, oldest first. */
export function bucketStarts({ from, to, bucketMs }: LogWindow): number[] {
  const starts: number[] = [];
  for (let start = bucketStart(from, bucketMs); start < to; start += bucketMs) starts.push(start);
  return starts;
}

/** The list with each group's occurrences in the window: its total and one count per bucket. */
export function withWindowCounts(list: IssueGroupList, buckets: readonly OccurrenceBucket[], window: LogWindow): IssueGroupPage {
  const starts = bucketStarts(window);
  const index = new Map(starts.map((start, i) => [start, i]));
  const counts = new Map<string, GroupWindowCounts>();
  for (const { groupId, start, count } of buckets) {
    let group = counts.get(groupId);
    if (!group) counts.set(groupId, (group = { occurrences: 0, trend: starts.map(() => 0) }));
    group.occurrences += count;
    const i = index.get(start);
    if (i !== undefined) group.trend[i]! += count;
  }
  return {
    ...list,
    window,
    groups: list.groups.map((g) => ({ ...g, inWindow: counts.get(g.groupId) ?? { occurrences: 0, trend: starts.map(() => 0) } })),
  };
}

type Buckets = GroupTimeline['buckets'];

const sumByStart = (rows: readonly { start: number; count: number }[]): Buckets => {
  const sums = new Map<number, number>();
  for (const { start, count } of rows) sums.set(start, (sums.get(start) ?? 0) + count);
  return [...sums].sort(([a], [b]) => a - b).map(([start, count]) => ({ start, count }));
};

/** One group's timeline from its rollup buckets: the totals and the split by release. */
export function releaseTimeline(buckets: readonly OccurrenceBucket[], window: LogWindow): GroupTimeline {
  const byRelease = new Map<string | null, OccurrenceBucket[]>();
  for (const bucket of buckets) {
    const rows = byRelease.get(bucket.release);
    if (rows) rows.push(bucket);
    else byRelease.set(bucket.release, [bucket]);
  }
  const releases = [...byRelease].map(([release, rows]) => ({ release, buckets: sumByStart(rows), total: rows.reduce((n, r) => n + r.count, 0) }));
  releases.sort((a, b) => b.total - a.total);
  return { ...window, buckets: sumByStart(buckets), releases: releases.map(({ release, buckets: rows }) => ({ release, buckets: rows })) };
}
