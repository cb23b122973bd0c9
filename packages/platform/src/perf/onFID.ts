import { rate } from './lib/thresholds.js';
import type { MetricCallback } from './lib/types.js';

/**
 * First Input Delay, which web-vitals dropped when INP replaced it: the wait between the
 * page's first discrete input (click, tap, key) and the moment its handlers could start,
 * read from the browser's `first-input` entry. Reported once per document load, and only when
 * the input came before the page was first hidden (a background page's delay means nothing).
 */
export function onFID(callback: MetricCallback): void {
  try {
    // Hidden from the start (opened in a background tab): no input can count.
    let firstHidden = document.visibilityState === 'hidden' ? 0 : Infinity;
    const onHidden = (event: Event): void => {
      if (document.visibilityState === 'hidden') firstHidden = Math.min(firstHidden, event.timeStamp);
    };
    addEventListener('visibilitychange', onHidden, true);
    const observer = new PerformanceObserver((list) => {
      const entry = list.getEntries()[0] as PerformanceEventTiming | undefined;
      if (!entry) return;
      observer.disconnect();
      removeEventListener('visibilitychange', onHidden, true);
      if (entry.startTime >= firstHidden) return;
      const value = entry.processingStart - entry.startTime;
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      callback({
        name: 'FID',
        value,
        delta: value,
        rating: rate('FID', value),
        id: `fid-${Date.now()}-${Math.random().toString(36).slice(2)}`,
        navigationType: nav ? nav.type.replace(/_/g, '-') : 'navigate',
      });
    });
    observer.observe({ type: 'first-input', buffered: true });
  } catch {
    // no first-input support (Safari, old browsers) or a throwing callback: nothing to report
  }
}
