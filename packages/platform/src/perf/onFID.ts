import { firstInputDelay } from './lib/firstInputDelay.js';
import { rate } from './lib/thresholds.js';
import type { MetricCallback } from './lib/types.js';

/**
 * First Input Delay, which web-vitals dropped when INP replaced it: the wait between the
 * page's first discrete input (click, tap, key) and the moment its handlers could start,
 * read from the browser's `first-input` entry. Reported once per document load, and only when
 * the input came before the page was first hidden (a background page's delay means nothing).
 */
export function onFID(callback: MetricCallback): void {
  firstInputDelay((value) => {
    try {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      callback({
        name: 'FID',
        value,
        delta: value,
        rating: rate('FID', value),
        id: `fid-${Date.now()}-${Math.random().toString(36).slice(2)}`,
        navigationType: nav ? nav.type.replace(/_/g, '-') : 'navigate',
      });
    } catch {
      // a throwing callback: never into the page
    }
  });
}
