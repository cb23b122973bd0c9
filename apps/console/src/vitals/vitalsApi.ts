import { THRESHOLDS } from '@tarmac/platform/perf';
import type { ConsoleClient } from '../api/client';
import type { BrowserFamily, DistributionBin, MetricName, PageFilter, PageVitals, Rating, VitalsBucket, VitalsSummary } from './vitalsTypes';

/**
 * The metrics in the order the dashboard shows them, with their good / poor limits: the browser
 * module's table, the one the pages rate by and the server summarises by.
 */
export const METRICS: { name: MetricName; label: string; limits: readonly [number, number] }[] = [
  { name: 'LCP', label: 'Largest Contentful Paint', limits: THRESHOLDS.LCP },
  { name: 'INP', label: 'Interaction to Next Paint', limits: THRESHOLDS.INP },
  { name: 'CLS', label: 'Cumulative Layout Shift', limits: THRESHOLDS.CLS },
  { name: 'FCP', label: 'First Contentful Paint', limits: THRESHOLDS.FCP },
  { name: 'TTFB', label: 'Time to First Byte', limits: THRESHOLDS.TTFB },
  { name: 'FID', label: 'First Input Delay', limits: THRESHOLDS.FID },
];

/**
 * The browser families the server sorts reports into (packages/server/src/perf/browserFamily.ts),
 * named by the browsers people know: which web vitals exist depends on the engine.
 */
export const BROWSERS: { value: BrowserFamily; label: string }[] = [
  { value: 'chromium', label: 'Chromium (Chrome, Edge, Opera, Samsung)' },
  { value: 'webkit', label: 'WebKit (Safari, every iOS browser)' },
  { value: 'firefox', label: 'Firefox' },
  { value: 'other', label: 'Other' },
];

/** "1,204 of 1,530 reports": how many of the reports counted carry a metric. */
export const carrying = (count: number, reports: number): string =>
  `${count.toLocaleString('en-US')} of ${reports.toLocaleString('en-US')} report${reports === 1 ? '' : 's'}`;

/** The colours everyone reads web vitals in: green, amber, red. */
export const RATING_COLORS: Record<Rating, string> = { good: '#0cce6b', 'needs-improvement': '#ffa400', poor: '#ff4e42' };

/** Builds `?from=…&vertical=…` for a window of `hours` ending now and an optional page. */
export function vitalsQuery(hours: number, page: PageFilter = {}, extra: Record<string, string> = {}, now = Date.now()): string {
  const params = new URLSearchParams({ from: String(now - hours * 3_600_000), to: String(now) });
  for (const key of ['vertical', 'pageId', 'subPageId'] as const) {
    const value = page[key];
    if (value) params.set(key, value);
  }
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  return `?${params.toString()}`;
}

/** Everything the dashboard shows, fetched in parallel. */
export async function fetchVitals(client: ConsoleClient, query: string, metric: MetricName, signal?: AbortSignal) {
  const [summary, pages, timeline, distribution] = await Promise.all([
    client.get<VitalsSummary>(`/vitals/summary${query}`, signal),
    client.get<{ pages: PageVitals[] }>(`/vitals/pages${query}`, signal),
    client.get<{ bucketMs: number; buckets: VitalsBucket[] }>(`/vitals/timeline${query}`, signal),
    client.get<{ metric: MetricName; bins: DistributionBin[] }>(`/vitals/distribution${query}&metric=${metric}`, signal),
  ]);
  return { summary, pages: pages.pages, timeline, distribution };
}

/** A metric value as people quote it: CLS to two decimals, times in ms below 1 s, else seconds. */
export function formatMetric(name: MetricName, value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  if (name === 'CLS') return value.toFixed(2);
  return value < 1000 ? `${Math.round(value)} ms` : `${(value / 1000).toFixed(2)} s`;
}

/** A share 0..1 as a whole percentage. */
export const percent = (share: number): string => `${Math.round(share * 100)}%`;

/** "flights / home / search", with "—" for missing parts. */
export function pageLabel(page: PageFilter): string {
  return [page.vertical, page.pageId, page.subPageId].map((part) => part || '—').join(' / ');
}
