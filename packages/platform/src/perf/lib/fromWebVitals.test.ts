import type { Metric } from 'web-vitals';
import { describe, expect, it } from 'vitest';
import { fromWebVitals } from './fromWebVitals.js';
import type { PerfMetric } from './types.js';

const wvMetric = (value: number): Metric =>
  ({ name: 'INP', value, delta: value, id: 'v6-1', navigationType: 'reload', rating: 'good', entries: [] }) as unknown as Metric;

describe('fromWebVitals', () => {
  it('passes the options through and re-rates with the specification table', () => {
    let seenOptions: unknown;
    const onINP = fromWebVitals((cb, options) => {
      seenOptions = options;
      cb(wvMetric(350));
    });
    const seen: PerfMetric[] = [];
    onINP((m) => seen.push(m), { reportAllChanges: true });
    expect(seenOptions).toEqual({ reportAllChanges: true });
    expect(seen).toEqual([{ name: 'INP', value: 350, delta: 350, id: 'v6-1', navigationType: 'reload', rating: 'needs-improvement' }]);
  });

  it('keeps a throwing callback or a failing library away from the page', () => {
    const throwing = fromWebVitals((cb) => cb(wvMetric(1)));
    expect(() => throwing(() => { throw new Error('caller bug'); })).not.toThrow();
    const broken = fromWebVitals(() => { throw new Error('no PerformanceObserver'); });
    expect(() => broken(() => {})).not.toThrow();
  });
});
