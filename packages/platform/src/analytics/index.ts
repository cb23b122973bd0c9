/**
 * Analytics: virtual page views and events from the page's context, delivered to pluggable
 * sinks (the project's collector, Google Analytics 4's dataLayer) once consent allows.
 */
export { createAnalytics } from './createAnalytics.js';
export type { Analytics, AnalyticsOptions } from './createAnalytics.js';
export { pageViewPath, eventPath } from './paths.js';
export { collectorSink } from './collectorSink.js';
export type { CollectorSinkOptions } from './collectorSink.js';
export { dataLayerSink } from './dataLayerSink.js';
export type { DataLayerSinkOptions } from './dataLayerSink.js';
export type { AnalyticsBatch, AnalyticsContext, AnalyticsEvent, AnalyticsHit, AnalyticsSink, ConsentSource } from './types.js';
export type { DropReason, DropReport } from '../transport/dropReport.js';
