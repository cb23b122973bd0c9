import { onTTFB as webVitalsOnTTFB } from 'web-vitals';
import { newId } from '../transport/newId.js';
import { fromWebVitals } from './lib/fromWebVitals.js';
import { rate } from './lib/thresholds.js';
import type { MetricCallback, MetricOptions } from './lib/types.js';
import { ttfbBeforeTimeOrigin } from './navigationTimingFields.js';

const fromLibrary = fromWebVitals(webVitalsOnTTFB);

/**
 * Time to First Byte: from navigation start until the first byte of the response.
 * web-vitals' measurement, rated with the specification's thresholds, or ours where web-vitals
 * drops it (`ttfbBeforeTimeOrigin`).
 */
export function onTTFB(callback: MetricCallback, options?: MetricOptions): void {
  fromLibrary(callback, options);
  try {
    const early = ttfbBeforeTimeOrigin();
    if (early) {
      const { value, entry } = early;
      callback({ name: 'TTFB', value, delta: value, id: newId(), navigationType: entry.type, rating: rate('TTFB', value) });
    }
  } catch {
    // no navigation entry (Node, old browsers), or the caller's bug: never into the page
  }
}
