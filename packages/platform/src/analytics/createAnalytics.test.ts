import { describe, expect, it, vi } from 'vitest';
import { createAnalytics } from './createAnalytics.js';
import type { AnalyticsHit, ConsentSource } from './types.js';

/** A consent source the test decides for; `set` mimics the CMP changing its answer. */
function manualConsent() {
  let listener: ((granted: boolean) => void) | undefined;
  const source: ConsentSource = (l) => {
    listener = l;
    return () => (listener = undefined);
  };
  return { source, set: (granted: boolean) => listener?.(granted) };
}

const collect = () => {
  const hits: AnalyticsHit[] = [];
  return { hits, sink: (hit: AnalyticsHit) => void hits.push(hit) };
};

describe('createAnalytics', () => {
  it('sends page views and events with the context and their paths to every sink', () => {
    const a = collect();
    const b = collect();
    const analytics = createAnalytics({ context: { vertical: 'cars', locale: 'es', affiliate: 'acme', pageId: 'home' }, sinks: [a.sink, b.sink] });
    analytics.trackPageView({ subPageId: 'main' });
    analytics.trackEvent({ category: 'search', action: 'submit', label: 'MAD', params: { travellers: 2 } });
    expect(b.hits).toEqual(a.hits);
    expect(a.hits).toHaveLength(2);
    expect(a.hits[0]).toMatchObject({ type: 'pageview', path: '/vs/page/cars/home/main', locale: 'es', affiliate: 'acme' });
    expect(a.hits[1]).toMatchObject({
      type: 'event', path: '/vs/cars/home/main/search/submit/MAD/-', category: 'search', params: { travellers: 2 }, subPageId: 'main',
    });
    expect(a.hits[1]?.timestamp).toBeGreaterThan(1_600_000_000_000);
    // Every hit has its own id, the same in every sink: the collector stores it once by it.
    expect(new Set(a.hits.map((hit) => hit.id)).size).toBe(2);
  });

  it('applies setContext to later hits only', () => {
    const { hits, sink } = collect();
    const analytics = createAnalytics({ context: { vertical: 'flights' }, sinks: [sink] });
    analytics.trackEvent({ category: 'a', action: 'b' });
    analytics.setContext({ loginState: 'in', vertical: 'hotels' });
    analytics.trackEvent({ category: 'a', action: 'b' });
    expect(hits.map((h) => [h.vertical, h.loginState, h.path])).toEqual([
      ['flights', undefined, '/vs/flights/-/-/a/b/-/-'],
      ['hotels', 'in', '/vs/hotels/-/-/a/b/-/-'],
    ]);
  });

  it('queues hits until consent is granted, then delivers them in order', () => {
    const { hits, sink } = collect();
    const consent = manualConsent();
    const analytics = createAnalytics({ context: { vertical: 'flights' }, sinks: [sink], consent: consent.source });
    analytics.trackPageView({ pageId: 'one' });
    analytics.trackEvent({ category: 'c', action: 'a' });
    expect(hits).toHaveLength(0);
    consent.set(true);
    expect(hits.map((h) => h.type)).toEqual(['pageview', 'event']);
    analytics.trackEvent({ category: 'c', action: 'later' });
    expect(hits).toHaveLength(3);
  });

  it('drops queued and new hits when consent is refused, and resumes if it is given later', () => {
    const { hits, sink } = collect();
    const consent = manualConsent();
    const analytics = createAnalytics({ context: {}, sinks: [sink], consent: consent.source });
    analytics.trackPageView({ pageId: 'before' });
    consent.set(false);
    analytics.trackPageView({ pageId: 'refused' });
    consent.set(true);
    expect(hits).toHaveLength(0);
    analytics.trackEvent({ category: 'c', action: 'after' });
    expect(hits.map((h) => h.path)).toEqual(['/vs/-/refused/-/c/after/-/-']);
  });

  it('keeps at most 50 hits while consent is unknown, the newest', () => {
    const { hits, sink } = collect();
    const consent = manualConsent();
    const analytics = createAnalytics({ context: {}, sinks: [sink], consent: consent.source });
    for (let i = 0; i < 60; i++) analytics.trackEvent({ category: 'n', action: String(i) });
    consent.set(true);
    expect(hits).toHaveLength(50);
    expect(hits[0]?.action).toBe('10');
  });

  it('never throws into the page: a failing sink is reported and the others still run', () => {
    const error = vi.fn();
    const { hits, sink } = collect();
    const analytics = createAnalytics({
      context: {},
      sinks: [() => { throw new Error('broken sink'); }, sink],
      consent: () => { throw new Error('broken CMP'); },
      logger: { error },
    });
    expect(() => analytics.trackEvent({ category: 'c', action: 'a' })).not.toThrow();
    expect(error).toHaveBeenCalledWith('Analytics consent source failed', expect.any(Error));
    // The consent source never answered, so the hit waits rather than going out unasked.
    expect(hits).toHaveLength(0);
  });
});
