import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FCPMetric, LCPMetric, TTFBMetric } from 'web-vitals';
import { fcpAttribution, lcpAttribution, ttfbAttribution } from './loadAttribution.js';

const navigation = {
  entryType: 'navigation', fetchStart: 5, workerStart: 0, domainLookupStart: 12, connectStart: 20, connectEnd: 45,
  requestStart: 46, responseStart: 120, activationStart: 0,
};
const resource = { name: 'https://cdn.test/hero.jpg?v=2', startTime: 300, requestStart: 340, responseEnd: 1500 };

function timeline(resources: object[]) {
  vi.spyOn(performance, 'getEntriesByType').mockImplementation(
    ((type: string) => (type === 'navigation' ? [navigation] : type === 'resource' ? resources : [])) as typeof performance.getEntriesByType,
  );
}
afterEach(() => vi.restoreAllMocks());

const lcp = (value: number, url: string, navigationType = 'navigate', navigationStartTime?: number) => {
  document.body.innerHTML = '<main><img id="hero" class="x"></main>';
  // A route's LCP entry carries page time; its value counts from the route's start.
  const entry = { startTime: (navigationStartTime ?? 0) + value, url, id: 'hero', element: document.getElementById('hero') };
  return { name: 'LCP', value, navigationType, navigationStartTime, entries: [entry] } as unknown as LCPMetric;
};
const sum = (fields: Record<string, unknown>) => Object.values(fields).reduce<number>((t, v) => t + (typeof v === 'number' ? v : 0), 0);

describe('lcpAttribution', () => {
  it('splits an image LCP into first byte, load delay, load duration and render delay, which add up', () => {
    timeline([resource]);
    const fields = lcpAttribution(lcp(1650, resource.name));
    expect(fields).toEqual({
      wa_lcp_target: '#hero',
      wa_lcp_url: 'https://cdn.test/hero.jpg',
      wa_lcp_timeToFirstByte: 120,
      wa_lcp_resourceLoadDelay: 220,
      wa_lcp_resourceLoadDuration: 1160,
      wa_lcp_elementRenderDelay: 150,
    });
    expect(sum(fields)).toBe(1650);
  });

  it('puts a text LCP after the first byte all into render delay', () => {
    timeline([resource]);
    const fields = lcpAttribution(lcp(400, ''));
    expect(fields.wa_lcp_url).toBeUndefined();
    expect([fields.wa_lcp_resourceLoadDelay, fields.wa_lcp_resourceLoadDuration, fields.wa_lcp_elementRenderDelay]).toEqual([0, 0, 280]);
  });

  it('counts a route change from its own start, with no first byte, still adding up', () => {
    timeline([{ ...resource, startTime: 5200, requestStart: 5250, responseEnd: 5600 }]);
    const fields = lcpAttribution(lcp(700, resource.name, 'soft-navigation', 5000));
    expect(fields.wa_lcp_timeToFirstByte).toBe(0);
    expect(fields.wa_lcp_resourceLoadDelay).toBe(250);
    expect(fields.wa_lcp_resourceLoadDuration).toBe(350);
    expect(sum(fields)).toBe(700);
  });
});

describe('fcpAttribution and ttfbAttribution', () => {
  it('splits FCP at the first byte', () => {
    timeline([]);
    expect(fcpAttribution({ value: 300, navigationType: 'navigate' } as FCPMetric)).toEqual({ wa_fcp_timeToFirstByte: 120, wa_fcp_firstByteToFCP: 180 });
  });

  it('splits TTFB into waiting, cache, DNS, connection and request', () => {
    const fields = ttfbAttribution({ value: 120, navigationType: 'navigate', entries: [navigation] } as unknown as TTFBMetric);
    expect(fields).toEqual({ wa_ttfb_waitingDuration: 5, wa_ttfb_cacheDuration: 7, wa_ttfb_dnsDuration: 8, wa_ttfb_connectionDuration: 25, wa_ttfb_requestDuration: 75 });
  });
});
