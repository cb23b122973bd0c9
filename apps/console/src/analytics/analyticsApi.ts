import type { ConsoleClient } from '../api/client';
import type { AnalyticsBucket, AnalyticsCount, AnalyticsFilters, AnalyticsSummary } from './analyticsTypes';

/** `?from=…&to=…` for the last `hours`, plus the filters that are set. */
export function analyticsQuery(hours: number, filters: AnalyticsFilters = {}, now = Date.now()): string {
  const params = new URLSearchParams({ from: String(now - hours * 3_600_000), to: String(now) });
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  return `?${params.toString()}`;
}

/** Everything the Analytics view shows, fetched in parallel. */
export async function fetchAnalytics(client: ConsoleClient, query: string, signal?: AbortSignal) {
  const [summary, timeline, pagePaths, eventPaths] = await Promise.all([
    client.get<AnalyticsSummary>(`/analytics/summary${query}`, signal),
    client.get<{ bucketMs: number; buckets: AnalyticsBucket[] }>(`/analytics/timeline${query}`, signal),
    client.get<{ paths: AnalyticsCount[] }>(`/analytics/paths${query}&type=pageview&limit=15`, signal),
    client.get<{ paths: AnalyticsCount[] }>(`/analytics/paths${query}&type=event&limit=15`, signal),
  ]);
  return { summary, timeline, pagePaths: pagePaths.paths, eventPaths: eventPaths.paths };
}

/** Timeline rows split the way the chart stacks them: interaction events apart from automatic ones. */
export function timelineRows(buckets: AnalyticsBucket[]) {
  return buckets.map((b) => ({
    start: b.start,
    pageViews: b.pageViews,
    interaction: b.events - b.nonInteraction,
    nonInteraction: b.nonInteraction,
  }));
}

/** A dimension value for display: null means the hits did not carry it. */
export const keyLabel = (key: string | null): string => key ?? '(not set)';
