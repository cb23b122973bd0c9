import type { PerfReport, VitalField } from '../perf/contract.js';
import { VITALS } from '../perf/contract.js';
import { percentile } from '../rollups/percentile.js';
import type { AlertCandidate } from './candidates.js';
import { cooldownMs } from './candidates.js';
import type { AlertRule } from './contract.js';
import { topOffender } from './topOffender.js';

/** Pages a vitals rule looks at per evaluation, the most viewed first. */
const PAGES_PER_RULE = 500;

const FIELD_OF = Object.fromEntries(Object.entries(VITALS).map(([field, name]) => [name, field])) as Record<string, VitalField>;

// CLS is a unitless score; every other metric is in milliseconds.
const amount = (metric: string, value: number): string =>
  metric === 'CLS' ? value.toFixed(3) : `${Math.round(value).toLocaleString('en')} ms`;

/**
 * The `vitals-p75` alerts of one rule over the reports of its window: one per page (vertical,
 * pageId, subPageId, each narrowed by the rule when it names one) whose p75 of the metric is
 * over the threshold with at least `minSamples` page views carrying it. The dedupe key holds
 * the cool-down period, so a page that stays slow alerts once per period.
 */
export function vitalsCandidates(rule: AlertRule, reports: PerfReport[], now: number): AlertCandidate[] {
  const metric = rule.metric;
  const threshold = rule.threshold;
  if (!metric || threshold === undefined) return [];
  const field = FIELD_OF[metric]!;
  const windowMinutes = rule.windowMinutes ?? 30;
  const mine = reports.filter(
    (r) =>
      r.receivedAt >= now - windowMinutes * 60_000 &&
      (rule.vertical === undefined || r.vertical === rule.vertical) &&
      (rule.pageId === undefined || r.pageId === rule.pageId) &&
      (rule.subPageId === undefined || r.subPageId === rule.subPageId),
  );
  const candidates: AlertCandidate[] = [];
  for (const page of byPage(mine, field)) {
    const summary = { p75: percentile(page.values, 75), count: page.values.length };
    if (summary.p75 === null || summary.count < (rule.minSamples ?? 20) || summary.p75 <= threshold) continue;
    const name = [page.vertical, page.pageId, page.subPageId].map((part) => part ?? '-').join('/');
    const offender = topOffender(page.reports, metric, field);
    const blame = offender ? `; top offender ${offender.kind} ${offender.target} (p75 ${amount(metric, offender.p75)} in ${offender.count} views)` : '';
    candidates.push({
      rule,
      kind: 'vitals-p75',
      dedupeKey: `vitals:${name}:${field}:${Math.floor(now / cooldownMs(rule))}`,
      subject: `page:${name}:${metric}`,
      summary: `${metric} p75 ${amount(metric, summary.p75)} over ${amount(metric, threshold)} on ${name} (${summary.count} page views, last ${windowMinutes} min)${blame}`,
      cooled: true,
      page: {
        vertical: page.vertical,
        pageId: page.pageId,
        subPageId: page.subPageId,
        metric,
        p75: summary.p75,
        threshold,
        samples: summary.count,
        windowMinutes,
        topOffender: offender,
      },
    });
  }
  return candidates;
}

interface PageValues {
  vertical: string | null;
  pageId: string | null;
  subPageId: string | null;
  views: number;
  values: number[];
  reports: PerfReport[];
}

/** The metric's values per page (exact, from the raw reports of a short window), most viewed pages first. */
function byPage(reports: readonly PerfReport[], field: VitalField): PageValues[] {
  const pages = new Map<string, PageValues>();
  for (const report of reports) {
    const key = JSON.stringify([report.vertical, report.pageId, report.subPageId]);
    let page = pages.get(key);
    if (!page) pages.set(key, (page = { vertical: report.vertical, pageId: report.pageId, subPageId: report.subPageId, views: 0, values: [], reports: [] }));
    page.views++;
    page.reports.push(report);
    const value = report.vitals[field];
    if (value !== null) page.values.push(value);
  }
  return [...pages.values()].sort((a, b) => b.views - a.views).slice(0, PAGES_PER_RULE);
}
