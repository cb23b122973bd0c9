import { CLSThresholds, FCPThresholds, INPThresholds, LCPThresholds, TTFBThresholds } from 'web-vitals';
import { describe, expect, it } from 'vitest';
import { THRESHOLDS, rate } from './thresholds.js';

describe('rate', () => {
  it('uses the specification limits, a value on a limit counting as the better side', () => {
    expect(rate('LCP', 2500)).toBe('good');
    expect(rate('LCP', 2501)).toBe('needs-improvement');
    expect(rate('LCP', 4000)).toBe('needs-improvement');
    expect(rate('LCP', 4001)).toBe('poor');
    expect(rate('CLS', 0.1)).toBe('good');
    expect(rate('CLS', 0.11)).toBe('needs-improvement');
    expect(rate('CLS', 0.26)).toBe('poor');
    expect(rate('FID', 100)).toBe('good');
    expect(rate('FID', 301)).toBe('poor');
    expect(rate('INP', 200)).toBe('good');
    expect(rate('INP', 500)).toBe('needs-improvement');
    expect(rate('TTFB', 1801)).toBe('poor');
    expect(rate('FCP', 1801)).toBe('needs-improvement');
  });

  it('agrees with the thresholds the installed web-vitals exports', () => {
    // If web-vitals ever moves a limit, this fails and someone decides which one the dashboards follow.
    expect([LCPThresholds, FCPThresholds, CLSThresholds, INPThresholds, TTFBThresholds]).toEqual([
      [...THRESHOLDS.LCP],
      [...THRESHOLDS.FCP],
      [...THRESHOLDS.CLS],
      [...THRESHOLDS.INP],
      [...THRESHOLDS.TTFB],
    ]);
  });
});
