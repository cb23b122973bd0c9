/**
 * The analytics wire contract (docs/analytics.md) and what the server keeps of it. The browser
 * sends `{events: AnalyticsHit[], dropped?}`; each hit is a virtual page view or an event with
 * the page's context at the time. The body's and the hit's shapes are the platform analytics
 * module's, imported type-only.
 */
import type { AnalyticsBatch, AnalyticsContext, AnalyticsHit } from '@tarmac/platform/analytics';

export type { AnalyticsBatch, AnalyticsHit } from '@tarmac/platform/analytics';

/**
 * A hit as the server accepts it: `id` may be missing, from pages older than hit ids (stored,
 * without deduplication; docs/analytics.md).
 */
export type AnalyticsHitBody = Omit<AnalyticsHit, 'id'> & { id?: string };

/** The body as the server accepts it. */
export type AnalyticsBatchBody = Omit<AnalyticsBatch, 'events'> & { events: AnalyticsHitBody[] };

/** Context fields every hit may carry, in the product's own names. */
export const CONTEXT_FIELDS = [
  'vertical', 'locale', 'affiliate', 'affiliateskin', 'experiment', 'pageId', 'subPageId',
  'presentation', 'pixelContext', 'loginState', 'sessionId', 'placement', 'searchid',
] as const satisfies readonly (keyof AnalyticsContext)[];

/** A hit as stored: the server's receive time is what dashboards count by (client clocks drift). */
export type StoredAnalyticsHit = AnalyticsHitBody & {
  receivedAt: number;
};

/** The dimensions the console may break counts down by. */
export const DIMENSIONS = ['vertical', 'locale', 'affiliate', 'path', 'category', 'interaction'] as const;
export type Dimension = (typeof DIMENSIONS)[number];

/** Which hits a console query looks at: receive-time window plus optional exact matches. */
export interface AnalyticsFilter {
  from: number;
  to: number;
  vertical?: string;
  locale?: string;
  affiliate?: string;
  type?: 'pageview' | 'event';
}

/** A value of a dimension with its page views and events (split by interaction). */
export interface AnalyticsCount {
  key: string | null;
  pageViews: number;
  events: number;
  nonInteraction: number;
}

/** One time bucket of the timeline. */
export interface AnalyticsBucket extends Omit<AnalyticsCount, 'key'> {
  start: number;
}

/** `GET /console/api/analytics/summary`: totals in the window and the top values of three dimensions. */
export interface AnalyticsSummary {
  from: number;
  to: number;
  totals: Omit<AnalyticsCount, 'key'>;
  byVertical: AnalyticsCount[];
  byLocale: AnalyticsCount[];
  byAffiliate: AnalyticsCount[];
}
