import { describe, expect, it } from 'vitest';
import { consoleAuth, testAppForEachTest } from '../testing/testApp.js';

const t = testAppForEachTest();

const now = Date.now();
const pageView = { type: 'pageview', path: '/vs/page/flights/home/-', timestamp: now, vertical: 'flights', locale: 'en', affiliate: 'acme' };
const event = { type: 'event', path: '/vs/flights/home/-/search/submit/-/-', timestamp: now, vertical: 'flights', locale: 'es', category: 'search', action: 'submit', value: 2, params: { travellers: 2 } };
const post = (body: unknown, contentType = 'application/json') =>
  t.app.inject({ method: 'POST', url: '/a/api/analytics/events', payload: JSON.stringify(body), headers: { 'content-type': contentType } });
const window = { from: 0, to: Date.now() + 60_000 };

describe('POST /a/api/analytics/events', () => {
  it('accepts JSON and text/plain (beacon) batches and drops unknown fields', async () => {
    expect((await post({ events: [pageView, { ...event, secret: 'x' }] })).json()).toEqual({ accepted: 2 });
    expect((await post({ events: [{ ...event, nonInteraction: true }] }, 'text/plain;charset=UTF-8')).statusCode).toBe(200);
    const rows = await t.storage.query.analytics.countAnalytics(window, 'interaction', 5);
    expect(rows).toEqual([
      { key: 'interaction', pageViews: 0, events: 1, nonInteraction: 0 },
      { key: 'nonInteraction', pageViews: 0, events: 1, nonInteraction: 1 },
      { key: 'pageview', pageViews: 1, events: 0, nonInteraction: 0 },
    ]);
  });

  it('refuses wrong types, bad paths, absurd times, events without action and oversized batches', async () => {
    const cases = [
      { events: [{ ...event, value: '2' }] },
      { events: [{ ...pageView, path: '/elsewhere' }] },
      { events: [{ ...pageView, timestamp: -5 }] },
      { events: [{ ...event, action: undefined }] },
      { events: [] },
      { events: Array.from({ length: 101 }, () => pageView) },
      { events: [{ ...pageView, vertical: 'v'.repeat(300) }] },
    ];
    for (const body of cases) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().code).toBe('TARMAC_BAD_BODY');
    }
    expect(await t.storage.query.analytics.countAnalytics(window, 'path', 5)).toEqual([]);
  });
});

describe('console analytics API', () => {
  it('gives totals, breakdowns, a timeline and top paths behind the token', async () => {
    await post({ events: [pageView, pageView, event, { ...event, nonInteraction: true, path: `${event.path}/nonInteraction` }] });
    expect((await t.app.inject({ url: '/console/api/analytics/summary' })).statusCode).toBe(401);
    const summary = (await t.app.inject({ url: '/console/api/analytics/summary', headers: consoleAuth })).json();
    expect(summary.totals).toEqual({ pageViews: 2, events: 2, nonInteraction: 1 });
    expect(summary.byLocale).toEqual([
      { key: 'en', pageViews: 2, events: 0, nonInteraction: 0 },
      { key: 'es', pageViews: 0, events: 2, nonInteraction: 1 },
    ]);
    expect(summary.byAffiliate).toContainEqual({ key: 'acme', pageViews: 2, events: 0, nonInteraction: 0 });
    expect(summary.byAffiliate).toContainEqual({ key: null, pageViews: 0, events: 2, nonInteraction: 1 });
    const timeline = (await t.app.inject({ url: '/console/api/analytics/timeline', headers: consoleAuth })).json();
    expect(timeline.bucketMs).toBe(3_600_000);
    expect(timeline.buckets.reduce((n: number, b: { pageViews: number }) => n + b.pageViews, 0)).toBe(2);
    const paths = (await t.app.inject({ url: '/console/api/analytics/paths?type=pageview&limit=5', headers: consoleAuth })).json();
    expect(paths.paths).toEqual([{ key: '/vs/page/flights/home/-', pageViews: 2, events: 0, nonInteraction: 0 }]);
    const filtered = (await t.app.inject({ url: '/console/api/analytics/summary?locale=es', headers: consoleAuth })).json();
    expect(filtered.totals).toEqual({ pageViews: 0, events: 2, nonInteraction: 1 });
  });
});
