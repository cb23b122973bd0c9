import { afterEach, describe, expect, it, vi } from 'vitest';
import { collectorSink } from './collectorSink.js';
import { createAnalytics } from './createAnalytics.js';
import { dataLayerSink } from './dataLayerSink.js';

afterEach(() => {
  vi.unstubAllGlobals();
  delete (window as { dataLayer?: unknown[] }).dataLayer;
});

describe('dataLayerSink', () => {
  it('pushes GA4 page_view and tarmac_event objects with the virtual path', () => {
    const layer: unknown[] = [];
    const analytics = createAnalytics({ context: { vertical: 'hotels', pageId: 'home', locale: 'en' }, sinks: [dataLayerSink({ dataLayer: layer })] });
    analytics.trackPageView();
    analytics.trackEvent({ category: 'tabs', action: 'change', label: 'cars', nonInteraction: true });
    expect(layer).toMatchObject([
      { event: 'page_view', page_path: '/vs/page/hotels/home/-', locale: 'en' },
      { event: 'tarmac_event', page_path: '/vs/hotels/home/-/tabs/change/cars/-/nonInteraction', category: 'tabs', nonInteraction: true },
    ]);
  });

  it('uses window.dataLayer by default, creating it when missing', () => {
    dataLayerSink()({ id: 'h1', type: 'pageview', path: '/vs/page/-/-/-', timestamp: 1 });
    expect((window as { dataLayer?: unknown[] }).dataLayer).toHaveLength(1);
  });
});

describe('collectorSink', () => {
  it('batches hits into one JSON body for the collector', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response('{}', { status: 200 })));
    vi.stubGlobal('fetch', fetchMock);
    const sink = collectorSink({ flushIntervalMs: 5 });
    sink({ id: 'h1', type: 'pageview', path: '/vs/page/a/b/c', timestamp: 1 });
    sink({ id: 'h2', type: 'event', path: '/vs/a/b/c/d/e/-/-', timestamp: 2, category: 'd', action: 'e' });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/a/api/analytics/events');
    expect(JSON.parse(init.body as string)).toEqual({
      events: [
        { id: 'h1', type: 'pageview', path: '/vs/page/a/b/c', timestamp: 1 },
        { id: 'h2', type: 'event', path: '/vs/a/b/c/d/e/-/-', timestamp: 2, category: 'd', action: 'e' },
      ],
    });
  });

  it('sends what is queued by a text/plain beacon when the page is hidden', async () => {
    const beacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: beacon });
    const sink = collectorSink({ endpoint: '/collect', flushIntervalMs: 60_000 });
    sink({ id: 'h1', type: 'pageview', path: '/vs/page/x/y/z', timestamp: 3 });
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    expect(beacon).toHaveBeenCalledTimes(1);
    const [url, body] = beacon.mock.calls[0] as unknown as [string, string | Blob];
    expect(url).toBe('/collect');
    // The transport may hand the beacon a string (sent as text/plain) or a Blob of that type.
    if (body instanceof Blob) expect(body.type).toBe('text/plain');
    const text = body instanceof Blob ? await body.text() : body;
    expect(JSON.parse(text).events[0].path).toBe('/vs/page/x/y/z');
  });
});
