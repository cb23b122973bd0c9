import type { DropReason, DropReport } from '../transport/dropReport.js';

/**
 * Who and where: the fields every hit carries, as the product's analytics data names them.
 * All optional; absent path segments are written as `-` (see `paths.ts`).
 */
export interface AnalyticsContext {
  vertical?: string;
  locale?: string;
  affiliate?: string;
  affiliateskin?: string;
  experiment?: string;
  pageId?: string;
  subPageId?: string;
  presentation?: string;
  pixelContext?: string;
  loginState?: string;
  sessionId?: string;
  placement?: string;
  searchid?: string;
}

/** One thing that happened on the page. */
export interface AnalyticsEvent {
  category: string;
  action: string;
  label?: string;
  value?: number;
  params?: Record<string, string | number | boolean>;
  /** True for automatic events (not caused by the visitor); their path ends `/nonInteraction`. */
  nonInteraction?: boolean;
}

/** What sinks receive: the context at the time, the event fields (for events) and the path. */
export interface AnalyticsHit extends AnalyticsContext, Partial<AnalyticsEvent> {
  /** Made once per hit in the page: the collector stores a hit once, however often it is re-sent. */
  id: string;
  type: 'pageview' | 'event';
  path: string;
  /** Epoch milliseconds of the call. */
  timestamp: number;
}

/**
 * Where hits go; a sink must not throw (createAnalytics guards anyway). A sink that delivers
 * somewhere of its own (the collector) also takes part in the rest of the page's life: it
 * counts hits given up before it saw them, sends on `flush` and ends on `stop`.
 */
export interface AnalyticsSink {
  (hit: AnalyticsHit): void;
  /** Counts a hit given up before any sink saw it (consent refused, too many waiting for it). */
  drop?(reason: DropReason): void;
  flush?(): Promise<void>;
  stop?(): void;
}

/**
 * The consent seam shared with the consent module: calls the listener with the current
 * decision once known and on every change; returns the unsubscribe function.
 */
export type ConsentSource = (listener: (granted: boolean) => void) => () => void;

/**
 * The body of `POST /a/api/analytics/events`. `events` is empty only in a body that carries
 * nothing but `dropped` (hits refused for consent, reported by the exit beacon).
 */
export interface AnalyticsBatch {
  events: AnalyticsHit[];
  dropped?: DropReport;
}
