import type { FastifyInstance } from 'fastify';
import { timeWindow, windowProperties } from '../http/timeWindow.js';
import { errorCodes } from '../http/errorCodes.js';
import { httpError } from '../http/httpError.js';
import type { WindowQuery } from '../http/timeWindow.js';
import { withinRetention } from '../rollups/retention.js';
import { coverWindow, levelFor } from '../rollups/timeGrid.js';
import type { RollupLevel, TimeGrid } from '../rollups/timeGrid.js';
import { ATTRIBUTED_METRICS } from './attribution/contract.js';
import { BROWSER_FAMILIES } from './browserFamily.js';
import type { BrowserFamily } from './browserFamily.js';
import type { AttributedMetric } from './attribution/contract.js';
import { summarizeAttribution } from './attribution/attributionSummary.js';
import { mergeMetricRows } from './attribution/metricRollup.js';
import { VITALS } from './contract.js';
import type { MetricName } from './contract.js';
import { distribution } from './distribution.js';
import { VITAL_FIELDS } from './perfRollup.js';
import type { PerfQuery } from './ports.js';
import { mergeRows, navigationBreakdown, summarizeVitals, vitalsByPage, vitalsOverTime } from './vitalsStats.js';
import type { VitalsSummary } from './vitalsStats.js';

interface VitalsQuery extends WindowQuery {
  vertical?: string;
  pageId?: string;
  subPageId?: string;
  browser?: BrowserFamily;
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
    browser: { type: 'string', enum: BROWSER_FAMILIES },
    metric: { type: 'string', enum: METRICS },
    pageTag: { type: 'string', maxLength: 128 },
    limit: { type: 'string', pattern: '^(100|[1-9][0-9]?)$' },
  },
} as const;

/**
 * The Web vitals dashboard's reads (docs/perf.md): summary (p75, p90, p99, rating shares and how
 * many reports carry each metric, plus the mean navigation-timing phases), pages, timeline and
 * distribution, all from the rollups, so any window up to 13 months counts every report in it;
 * and the newest raw reports (to check one page view's numbers), the one read left on raw rows;
 * and the attribution of LCP, INP or CLS (the "What to fix" view: subparts and worst offenders,
 * perf/attribution/). All take the same window and page filters, and all but the attribution a
 * browser family; statistics are computed here so every store gives the same.
 */
export async function consoleVitalsRoutes(app: FastifyInstance, { perf }: { perf: PerfQuery }): Promise<void> {
  const pageFilter = (query: VitalsQuery) => ({
    vertical: query.vertical || undefined,
    pageId: query.pageId || undefined,
    subPageId: query.subPageId || undefined,
    browser: query.browser,
  });
  // Summaries read the coarsest rows that fit the window; charts no coarser than their bucket.
  const piecesOf = (query: VitalsQuery, coarsest: (window: TimeGrid) => RollupLevel) => {
    const window = timeWindow(query);
    return { window, pieces: withinRetention(coverWindow(window.from, window.to, coarsest(window)), Date.now()) };
  };
  const rollups = (query: VitalsQuery, coarsest: (window: TimeGrid) => RollupLevel) => {
    const { window, pieces } = piecesOf(query, coarsest);
    return perf.readPerfRollups({ pieces, ...pageFilter(query) }).then((rows) => ({ window, rows }));
  };
  const whole = () => 'day' as const;
  const schema = { schema: { querystring } };

  app.get<{ Querystring: VitalsQuery }>('/vitals/summary', schema, async (request): Promise<VitalsSummary> => {
    const { window, rows } = await rollups(request.query, whole);
    const stats = mergeRows(rows);
    return { from: window.from, to: window.to, count: stats.values[0]!, metrics: summarizeVitals(stats), navigation: navigationBreakdown(stats) };
  });
  app.get<{ Querystring: VitalsQuery }>('/vitals/pages', schema, async (request) => {
    const { rows } = await rollups(request.query, whole);
    return { pages: vitalsByPage(rows, 50) };
  });
  app.get<{ Querystring: VitalsQuery }>('/vitals/timeline', schema, async (request) => {
    const { window, rows } = await rollups(request.query, (grid) => levelFor(grid.bucketMs));
    return { bucketMs: window.bucketMs, buckets: vitalsOverTime(rows, window.from, window.to, window.bucketMs) };
  });
  app.get<{ Querystring: VitalsQuery }>('/vitals/reports', schema, async (request) => {
    const reports = await perf.listPerfReports({
      ...timeWindow(request.query),
      ...pageFilter(request.query),
      pageTag: request.query.pageTag || undefined,
      limit: Number(request.query.limit ?? 20),
    });
    return { reports };
  });
  const attributionSchema = {
    schema: {
      querystring: {
        ...querystring,
        required: ['metric'],
        properties: { ...querystring.properties, metric: { type: 'string', enum: ATTRIBUTED_METRICS } },
      },
    },
  };
  app.get<{ Querystring: VitalsQuery }>('/vitals/attribution', attributionSchema, async (request) => {
    // Attribution rows are kept per page and for the site, not per browser family: refused rather
    // than answered for every family, which a caller would take for the one it asked for.
    if (request.query.browser) throw httpError(errorCodes.BAD_QUERY, 'querystring/browser: the attribution is not split by browser family');
    const metric = request.query.metric as AttributedMetric;
    const rows = await perf.readPerfAttribution({ pieces: piecesOf(request.query, whole).pieces, ...pageFilter(request.query), metric });
    return summarizeAttribution(mergeMetricRows(rows, metric), metric);
  });
  app.get<{ Querystring: VitalsQuery }>('/vitals/distribution', schema, async (request) => {
    const { rows } = await rollups(request.query, whole);
    const metric = (request.query.metric ?? 'LCP') as MetricName;
    const index = VITAL_FIELDS.findIndex((field) => VITALS[field] === metric);
    return { metric, bins: distribution(metric, mergeRows(rows).sketches[index]!) };
  });
}
