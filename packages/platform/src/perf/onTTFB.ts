import { onTTFB as webVitalsOnTTFB } from 'web-vitals';
import { newId } from '../transport/newId.js';
import { fromWebVitals } from './lib/fromWebVitals.js';
import { rate } from './lib/thresholds.js';
import type { MetricCallback, MetricOptions } from './lib/types.js';
import { navigationStart } from './navigationTimingFields.js';

const fromLibrary = fromWebVitals(webVitalsOnTTFB);

/**
 * Time to First Byte: from navigation start until the first byte of the response.
 * web-vitals' measurement, rated with the specification's thresholds. web-vitals drops TTFB
 * when the navigation entry's responseStart is negative, which is every WebKit page that sends
 * Cross-Origin-Opener-Policy (a new process, whose time origin comes after the response began):
 * then it is measured here, from the entry's own start (navigationTimingFields.ts).
 */
export function onTTFB(callback: MetricCallback, options?: MetricOptions): void {
  fromLibrary(callback, options);
  try {
    const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    if (entry && entry.responseStart < 0) {
      const value = Math.max(0, entry.responseStart - navigationStart(entry));
      callback({ name: 'TTFB', value, delta: value, id: newId(), navigationType: entry.type, rating: rate('TTFB', value) });
    }
  } catch {
    // no navigation entry (Node, old browsers), or the caller's bug: never into the page
  }
}
