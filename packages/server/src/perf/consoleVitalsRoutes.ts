import type { FastifyInstance } from 'fastify';
import { VITALS } from './contract.js';
import type { VitalField } from './contract.js';
import { distribution } from './distribution.js';
import { navigationBreakdown } from './navigationBreakdown.js';
import { summarizeVitals, vitalsByPage, vitalsOverTime } from './vitalsStats.js';
import type { VitalsSummary } from './vitalsStats.js';
import type { PerfQuery } from './ports.js';
import { timeWindow, windowProperties } from '../console/timeWindow.js';
import type { WindowQuery } from '../console/timeWindow.js';

interface VitalsQuery extends WindowQuery {
  vertical?: string;
  pageId?: string;
  subPageId?: string;
  metric?: string;
  pageTag?: string;
  limit?: string;
}

const METRICS = Object.values(VITALS);
const querystring = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...windowProperties,
    vertical: { type: 'string', maxLength: 128 },
    pageId: { type: 'string', maxLength: 128 },
    subPageId: { type: 'string', maxLength: 128 },
    metric: { type: 'string', enum: METRICS },
    pageTag: { type: 'string', maxLength: 128 },
    limit: { type: 'string', pattern: '^(100|[1-9][0-9]?)$' },
  },
} as const;

/** Reports read per query at most (the newest in the window): enough for stable percentiles. */
export const MAX_REPORTS = 50_000;

/**
 * The Web vitals dashboard's reads (docs/perf.md): summary (p75 and rating shares per metric,
 * plus the median navigation-timing breakdown), pages, timeline, distribution, and the newest
 * raw reports (to check one page view's numbers). All take the
 * same window and page filters; statistics are computed here so every store gives the same.
 */
export async function consoleVitalsRoutes(app: FastifyInstance, { perf }: { perf: PerfQuery }): Promise<void> {
  const load = async (query: VitalsQuery) => {
    const window = timeWindow(query);
    const reports = await perf.listPerfReports({
      ...window,
      vertical: query.vertical || undefined,
      pageId: query.pageId || undefined,
      subPageId: query.subPageId || undefined,
      limit: MAX_REPORTS,
    });
    return { window, reports };
  };
  const schema = { schema: { querystring } };

  app.get<{ Querystring: VitalsQuery }>('/vitals/summary', schema, async (request): Promise<VitalsSummary> => {
    const { window, reports } = await load(request.query);
    return { from: window.from, to: window.to, count: reports.length, metrics: summarizeVitals(reports), navigation: navigationBreakdown(reports) };
  });
  app.get<{ Querystring: VitalsQuery }>('/vitals/pages', schema, async (request) => {
    const { reports } = await load(request.query);
    return { pages: vitalsByPage(reports, 50) };
  });
  app.get<{ Querystring: VitalsQuery }>('/vitals/timeline', schema, async (request) => {
    const { window, reports } = await load(request.query);
    return { bucketMs: window.bucketMs, buckets: vitalsOverTime(reports, window.from, window.to, window.bucketMs) };
  });
  app.get<{ Querystring: VitalsQuery }>('/vitals/reports', schema, async (request) => {
    const { reports } = await load(request.query);
    const tag = request.query.pageTag;
    const matching = tag ? reports.filter((r) => r.pageTag === tag) : reports;
    return { reports: matching.slice(0, Number(request.query.limit ?? 20)) };
  });
  app.get<{ Querystring: VitalsQuery }>('/vitals/distribution', schema, async (request) => {
    const { reports } = await load(request.query);
    const metric = request.query.metric ?? 'LCP';
    const field = (Object.keys(VITALS) as VitalField[]).find((f) => VITALS[f] === metric) ?? 'wv_lcp';
    return { metric, bins: distribution(field, reports) };
  });
}
