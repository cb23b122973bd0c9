import { VITALS, rate } from './contract.js';
import type { MetricName, PerfReport, Rating, VitalField } from './contract.js';
import type { NavigationBreakdown } from './navigationBreakdown.js';
import { percentile } from './percentile.js';

/** One metric over a set of reports: its p75, its rating, and the share of each rating. */
export interface MetricSummary {
  name: MetricName;
  count: number;
  p75: number | null;
  rating: Rating | null;
  /** Shares of reports rated good / needs-improvement / poor, 0..1 (0 when count is 0). */
  good: number;
  needsImprovement: number;
  poor: number;
}

const FIELDS = Object.keys(VITALS) as VitalField[];

/** Every metric summarised over `reports`, in the order LCP, CLS, INP, FID, FCP, TTFB. */
export function summarizeVitals(reports: PerfReport[]): MetricSummary[] {
  return FIELDS.map((field) => summarizeMetric(field, reports));
}

/** One metric summarised over the reports that carry it. */
export function summarizeMetric(field: VitalField, reports: PerfReport[]): MetricSummary {
  const name = VITALS[field];
  const values = valuesOf(field, reports);
  const counts = { good: 0, 'needs-improvement': 0, poor: 0 };
  for (const value of values) counts[rate(name, value)]++;
  const p75 = percentile(values, 75);
  const share = (n: number) => (values.length ? n / values.length : 0);
  return {
    name,
    count: values.length,
    p75,
    rating: p75 === null ? null : rate(name, p75),
    good: share(counts.good),
    needsImprovement: share(counts['needs-improvement']),
    poor: share(counts.poor),
  };
}

/** The values of one vital in these reports, absent ones left out. */
export function valuesOf(field: VitalField, reports: PerfReport[]): number[] {
  const values: number[] = [];
  for (const report of reports) {
    const value = report.vitals[field];
    if (value !== null) values.push(value);
  }
  return values;
}

/** A page as the product names it: vertical, pageId and subPageId. */
export interface PageVitals {
  vertical: string | null;
  pageId: string | null;
  subPageId: string | null;
  count: number;
  metrics: MetricSummary[];
}

/** Summaries per page, the most reported pages first. */
export function vitalsByPage(reports: PerfReport[], limit: number): PageVitals[] {
  const pages = new Map<string, PerfReport[]>();
  for (const report of reports) {
    const key = JSON.stringify([report.vertical, report.pageId, report.subPageId]);
    const list = pages.get(key);
    if (list) list.push(report);
    else pages.set(key, [report]);
  }
  return [...pages.values()]
    .sort((a, b) => b.length - a.length)
    .slice(0, limit)
    .map((list) => ({
      vertical: list[0]!.vertical,
      pageId: list[0]!.pageId,
      subPageId: list[0]!.subPageId,
      count: list.length,
      metrics: summarizeVitals(list),
    }));
}

/** One time bucket: its start (epoch ms) and each metric's summary inside it. */
export interface VitalsBucket {
  start: number;
  count: number;
  metrics: MetricSummary[];
}

/** Summaries per time bucket of `bucketMs` (by the server's receive time), oldest first, empty buckets included. */
export function vitalsOverTime(reports: PerfReport[], from: number, to: number, bucketMs: number): VitalsBucket[] {
  const first = Math.floor(from / bucketMs) * bucketMs;
  const buckets: PerfReport[][] = Array.from({ length: Math.max(1, Math.ceil((to - first) / bucketMs)) }, () => []);
  for (const report of reports) buckets[Math.floor((report.receivedAt - first) / bucketMs)]?.push(report);
  return buckets.map((list, i) => ({ start: first + i * bucketMs, count: list.length, metrics: summarizeVitals(list) }));
}

/** `GET /console/api/vitals/summary`: every metric over the window, and the median page-load phases. */
export interface VitalsSummary {
  from: number;
  to: number;
  count: number;
  metrics: MetricSummary[];
  navigation: NavigationBreakdown;
}
