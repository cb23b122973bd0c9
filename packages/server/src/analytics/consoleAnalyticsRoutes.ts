import type { FastifyInstance } from 'fastify';
import type { AnalyticsFilter, AnalyticsSummary } from './contract.js';
import type { AnalyticsQuery as AnalyticsPort } from './ports.js';
import { timeWindow, windowProperties } from '../http/timeWindow.js';
import type { WindowQuery } from '../http/timeWindow.js';

interface AnalyticsQuery extends WindowQuery {
  vertical?: string;
  locale?: string;
  affiliate?: string;
  type?: 'pageview' | 'event';
  limit?: string;
}

const querystring = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...windowProperties,
    vertical: { type: 'string', maxLength: 256 },
    locale: { type: 'string', maxLength: 256 },
    affiliate: { type: 'string', maxLength: 256 },
    type: { type: 'string', enum: ['pageview', 'event'] },
    limit: { type: 'string', pattern: '^(100|[1-9][0-9]?)$' },
  },
} as const;

/**
 * The Analytics dashboard's reads (docs/analytics.md): summary (totals and breakdowns by
 * vertical, locale, affiliate and interaction), timeline, and top virtual paths.
 */
export async function consoleAnalyticsRoutes(app: FastifyInstance, { analytics }: { analytics: AnalyticsPort }): Promise<void> {
  const filterOf = (query: AnalyticsQuery) => {
    const window = timeWindow(query);
    const filter: AnalyticsFilter = {
      from: window.from,
      to: window.to,
      vertical: query.vertical || undefined,
      locale: query.locale || undefined,
      affiliate: query.affiliate || undefined,
      type: query.type,
    };
    return { window, filter };
  };
  const schema = { schema: { querystring } };

  app.get<{ Querystring: AnalyticsQuery }>('/analytics/summary', schema, async (request): Promise<AnalyticsSummary> => {
    const { filter } = filterOf(request.query);
    const [byVertical = [], byLocale = [], byAffiliate = [], byInteraction = []] = await analytics.breakdownAnalytics(filter, [
      { by: 'vertical', limit: 20 },
      { by: 'locale', limit: 20 },
      { by: 'affiliate', limit: 20 },
      { by: 'interaction', limit: 3 },
    ]);
    const totals = { pageViews: 0, events: 0, nonInteraction: 0 };
    for (const row of byInteraction) {
      totals.pageViews += row.pageViews;
      totals.events += row.events;
      totals.nonInteraction += row.nonInteraction;
    }
    return { from: filter.from, to: filter.to, totals, byVertical, byLocale, byAffiliate };
  });
  app.get<{ Querystring: AnalyticsQuery }>('/analytics/timeline', schema, async (request) => {
    const { window, filter } = filterOf(request.query);
    return { bucketMs: window.bucketMs, buckets: await analytics.analyticsTimeline(filter, window.bucketMs) };
  });
  app.get<{ Querystring: AnalyticsQuery }>('/analytics/paths', schema, async (request) => {
    const { filter } = filterOf(request.query);
    return { paths: await analytics.countAnalytics(filter, 'path', Number(request.query.limit ?? 20)) };
  });
}
