import { afterEach, describe, expect, it, vi } from 'vitest';
import { onFID } from './onFID.js';
import type { PerfMetric } from './lib/types.js';

/** A PerformanceObserver stand-in whose callback the test fires with chosen entries. */
function fakeObserver() {
  const instances: { emit(entries: object[]): void; observed?: PerformanceObserverInit; disconnected: boolean }[] = [];
  class FakeObserver {
    disconnected = false;
    observed?: PerformanceObserverInit;
    constructor(private readonly callback: (list: { getEntries(): object[] }) => void) {
      instances.push(this);
    }
    observe(init: PerformanceObserverInit) {
      this.observed = init;
    }
    disconnect() {
      this.disconnected = true;
    }
    emit(entries: object[]) {
      this.callback({ getEntries: () => entries });
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return instances;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('onFID', () => {
  it('reports processingStart - startTime of the buffered first-input entry, rated by 100/300', () => {
    const observers = fakeObserver();
    const seen: PerfMetric[] = [];
    onFID((m) => seen.push(m));
    expect(observers[0]?.observed).toEqual({ type: 'first-input', buffered: true });
    observers[0]?.emit([{ startTime: 1000, processingStart: 1150.5 }]);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ name: 'FID', value: 150.5, delta: 150.5, rating: 'needs-improvement' });
    expect(seen[0]?.id).toMatch(/^fid-/);
    expect(observers[0]?.disconnected).toBe(true);
  });

  it('ignores an input that came after the page was hidden', () => {
    const observers = fakeObserver();
    const seen: PerfMetric[] = [];
    onFID((m) => seen.push(m));
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    const hiddenAt = new Event('visibilitychange');
    document.dispatchEvent(hiddenAt);
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    observers[0]?.emit([{ startTime: hiddenAt.timeStamp + 10, processingStart: hiddenAt.timeStamp + 20 }]);
    expect(seen).toEqual([]);
  });

  it('never throws into the page, even without PerformanceObserver', () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    expect(() => onFID(() => {})).not.toThrow();
  });
});
