import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PerfMetric } from './lib/types.js';
import { onTTFB } from './onTTFB.js';

afterEach(() => vi.restoreAllMocks());

const navigation = (times: Partial<PerformanceNavigationTiming>) =>
  vi.spyOn(performance, 'getEntriesByType').mockImplementation((type) =>
    type === 'navigation' ? [{ type: 'navigate', redirectStart: 0, fetchStart: 0, responseStart: 0, ...times } as unknown as PerformanceEntry] : [],
  );

describe('onTTFB', () => {
  it("measures WebKit's TTFB after a COOP process swap from the entry's own start, which web-vitals drops", () => {
    // As WebKitGTK 2.50 gave it for the demo's landing page from the real server.
    navigation({ fetchStart: -1394, requestStart: -1393, responseStart: -1382 });
    const seen: PerfMetric[] = [];
    onTTFB((metric) => seen.push(metric));
    expect(seen).toEqual([{ name: 'TTFB', value: 12, delta: 12, id: expect.any(String), navigationType: 'navigate', rating: 'good' }]);
  });

  it('counts a redirect before the swap into the TTFB', () => {
    navigation({ redirectStart: -2500, fetchStart: -1394, responseStart: -1000 });
    const seen: PerfMetric[] = [];
    onTTFB((metric) => seen.push(metric));
    expect(seen.map((m) => [m.value, m.rating])).toEqual([[1500, 'needs-improvement']]);
  });

  it('leaves an ordinary navigation to web-vitals alone (nothing reported at once)', () => {
    navigation({ fetchStart: 2, responseStart: 80 });
    const callback = vi.fn();
    onTTFB(callback);
    expect(callback).not.toHaveBeenCalled();
  });

  it("never lets the caller's error reach the page", () => {
    navigation({ fetchStart: -10, responseStart: -5 });
    expect(() => onTTFB(() => { throw new Error('host bug'); })).not.toThrow();
  });
});
