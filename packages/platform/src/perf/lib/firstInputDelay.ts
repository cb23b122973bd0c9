/**
 * FID's measurement alone: the wait between the page's first discrete input (click, tap, key)
 * and the moment its handlers could start, read from the browser's `first-input` entry, passed
 * once per document load, and only when the input came before the page was first hidden (a
 * background page's delay means nothing). `onFID` dresses it as a metric; the attribution
 * reporter needs the number only, so it does not pay for the rating and the id.
 */
export function firstInputDelay(callback: (value: number) => void): void {
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
      if (entry.startTime < firstHidden) callback(entry.processingStart - entry.startTime);
    });
    observer.observe({ type: 'first-input', buffered: true });
  } catch {
    // no first-input support (Safari, old browsers): nothing to report
  }
}
