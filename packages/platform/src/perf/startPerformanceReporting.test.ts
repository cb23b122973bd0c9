import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PerfMetric } from './lib/types.js';

// The metric sources are replaced so the test decides which values exist when the page hides.
const callbacks: Record<string, (m: PerfMetric) => void> = {};
for (const name of ['LCP', 'CLS', 'INP', 'FCP', 'TTFB', 'FID']) {
  vi.doMock(`./on${name}.js`, () => ({ [`on${name}`]: (cb: (m: PerfMetric) => void) => void (callbacks[name] = cb) }));
}
const { startPerformanceReporting } = await import('./startPerformanceReporting.js');

const metric = (name: PerfMetric['name'], value: number, navigationType = 'navigate'): PerfMetric => ({
  name, value, delta: value, rating: 'good', id: name, navigationType,
});
let beacons: { url: string; body: string; type: string }[];

function setVisibility(state: 'visible' | 'hidden'): void {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
}

beforeEach(() => {
  beacons = [];
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, data: Blob) => {
      void data.text().then((body) => beacons.push({ url, body, type: data.type }));
      return true;
    },
  });
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
});
afterEach(() => vi.restoreAllMocks());

const flushBlobs = () => new Promise((r) => setTimeout(r, 0));

describe('startPerformanceReporting', () => {
  it('sends one form-encoded report with the latest values when the page becomes hidden', async () => {
    const reporting = startPerformanceReporting({ apiPrefix: '/api', vertical: 'flights', pageId: 'home', subPageId: 'main', pageTag: 'v2' });
    callbacks.LCP?.(metric('LCP', 1200.5));
    callbacks.LCP?.(metric('LCP', 2400.25));
    callbacks.CLS?.(metric('CLS', 0.125));
    callbacks.FID?.(metric('FID', 8));
    setVisibility('hidden');
    setVisibility('visible');
    setVisibility('hidden');
    await flushBlobs();
    expect(beacons).toHaveLength(1);
    expect(beacons[0]?.url).toBe('/api/s/run/perf');
    expect(beacons[0]?.type).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(beacons[0]?.body);
    expect(form.get('wv_lcp')).toBe('2400.25');
    expect(form.get('wv_cls')).toBe('0.125');
    expect(form.get('wv_fid')).toBe('8');
    expect(form.has('wv_inp')).toBe(false);
    expect(form.get('url')).toBe(location.href);
    expect(form.get('id')).toMatch(/^[0-9a-z]{8,}$/);
    expect(Object.fromEntries(['vertical', 'pageId', 'subPageId', 'pageTag'].map((k) => [k, form.get(k)]))).toEqual({
      vertical: 'flights', pageId: 'home', subPageId: 'main', pageTag: 'v2',
    });
    reporting.stop();
  });

  it('in manual mode sends only on send(), once per view', async () => {
    const reporting = startPerformanceReporting({ manual: true, pageId: 'p' });
    callbacks.TTFB?.(metric('TTFB', 55));
    setVisibility('hidden');
    await flushBlobs();
    expect(beacons).toHaveLength(0);
    reporting.send();
    reporting.send();
    await flushBlobs();
    expect(beacons).toHaveLength(1);
    expect(beacons[0]?.url).toBe('/s/run/perf');
    expect(new URLSearchParams(beacons[0]?.body).get('wv_ttfb')).toBe('55');
    reporting.stop();
  });

  it('starts a new view with fresh values after a back/forward cache restore', async () => {
    const reporting = startPerformanceReporting({ pageId: 'p' });
    callbacks.LCP?.(metric('LCP', 900));
    setVisibility('hidden');
    const restore = new Event('pageshow') as PageTransitionEvent;
    Object.defineProperty(restore, 'persisted', { value: true });
    dispatchEvent(restore);
    setVisibility('visible');
    callbacks.TTFB?.(metric('TTFB', 0, 'back-forward-cache'));
    setVisibility('hidden');
    await flushBlobs();
    expect(beacons).toHaveLength(2);
    const second = new URLSearchParams(beacons[1]?.body);
    expect(second.has('wv_lcp')).toBe(false);
    expect(second.get('wv_ttfb')).toBe('0');
    expect(second.get('nt_nav_type')).toBe('2');
    expect(Number(second.get('nt_nav_st'))).toBeGreaterThan(1_600_000_000_000);
    reporting.stop();
  });

  it('sends nothing after stop()', async () => {
    const reporting = startPerformanceReporting({});
    reporting.stop();
    setVisibility('hidden');
    reporting.send();
    await flushBlobs();
    expect(beacons).toHaveLength(0);
  });

  it('falls back to an HTTP request when the beacon is refused', async () => {
    Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: () => false });
    const fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal('fetch', fetchMock);
    const reporting = startPerformanceReporting({ pageId: 'x' });
    reporting.send();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/s/run/perf');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(new URLSearchParams(init.body as string).get('pageId')).toBe('x');
    reporting.stop();
    vi.unstubAllGlobals();
  });
});
