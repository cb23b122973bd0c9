import type { FCPMetric, LCPMetric, TTFBMetric } from 'web-vitals';
import { cleanUrl, selectorOf } from './text.js';
import { findLast } from './findLast.js';
import type { AttributionFields } from './attributionForm.js';
import { navigationStart } from '../navigationTimingFields.js';

// Written by hand rather than taken from web-vitals' attribution build: that build alone is
// 7.2 KB gzip, past this entry's 7 KB budget before anything is sent. These few lines read the
// same browser entries the standard build already hands us.

/** When the response's first byte came, relative to the view's start; 0 for a route change. */
function firstByte(soft: boolean): { start: number; ttfb: number } {
  const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  const start = soft ? 0 : (nav?.activationStart ?? 0);
  return { start, ttfb: soft || !nav ? 0 : Math.max(0, nav.responseStart - start) };
}

/**
 * LCP: its element, its resource and the four subparts, which add up to the value: time to first
 * byte, resource load delay (first byte → request start), resource load duration (request →
 * response end) and element render delay (the rest).
 */
export function lcpAttribution(metric: LCPMetric): AttributionFields {
  const entry = metric.entries.at(-1);
  const soft = metric.navigationType === 'soft-navigation';
  let { start, ttfb } = firstByte(soft);
  // A route's LCP counts from the route's start, which is also when its "first byte" is.
  if (soft) start = metric.navigationStartTime ?? 0;
  const fields: AttributionFields = { wa_lcp_target: entry && (selectorOf(entry.element) ?? (entry.id ? '#' + entry.id : undefined)) };
  let requested = ttfb;
  let loaded = ttfb;
  if (entry?.url) {
    fields.wa_lcp_url = cleanUrl(entry.url);
    const resource = findLast(performance.getEntriesByType('resource'), (r) => r.name === entry.url && (r.requestStart || r.startTime) <= entry.startTime);
    if (resource) {
      requested = Math.max(ttfb, (resource.requestStart || resource.startTime) - start);
      loaded = Math.max(requested, resource.responseEnd - start);
    }
  }
  loaded = Math.min(loaded, metric.value);
  requested = Math.min(requested, loaded);
  ttfb = Math.min(ttfb, requested);
  fields.wa_lcp_timeToFirstByte = ttfb;
  fields.wa_lcp_resourceLoadDelay = requested - ttfb;
  fields.wa_lcp_resourceLoadDuration = loaded - requested;
  fields.wa_lcp_elementRenderDelay = metric.value - loaded;
  return fields;
}

/** FCP: time to first byte, then first byte → first contentful paint. */
export function fcpAttribution(metric: FCPMetric): AttributionFields {
  const ttfb = Math.min(firstByte(metric.navigationType === 'soft-navigation').ttfb, metric.value);
  return { wa_fcp_timeToFirstByte: ttfb, wa_fcp_firstByteToFCP: metric.value - ttfb };
}

/**
 * TTFB's subparts from the navigation entry, as web-vitals cuts them: waiting (until fetch or
 * the service worker starts), cache (→ DNS start), DNS, connection, request (→ first byte).
 */
export function ttfbAttribution(metric: TTFBMetric): AttributionFields {
  const nav = metric.entries[0];
  if (!(nav && 'fetchStart' in nav) || metric.navigationType === 'soft-navigation') return {};
  // From the navigation's real start: before the time origin where WebKit's times are negative.
  const start = navigationStart(nav) || (nav.activationStart ?? 0);
  const at = (time: number) => Math.max(0, time - start);
  const waited = at(nav.workerStart || nav.fetchStart);
  const dns = at(nav.domainLookupStart);
  const connect = at(nav.connectStart);
  const connected = at(nav.connectEnd);
  return {
    wa_ttfb_waitingDuration: waited,
    wa_ttfb_cacheDuration: Math.max(0, dns - waited),
    wa_ttfb_dnsDuration: Math.max(0, connect - dns),
    wa_ttfb_connectionDuration: Math.max(0, connected - connect),
    wa_ttfb_requestDuration: Math.max(0, metric.value - connected),
  };
}
