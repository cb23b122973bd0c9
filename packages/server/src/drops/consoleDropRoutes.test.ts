import { describe, expect, it } from 'vitest';
import { clientLogMessage } from '../testing/fixtures.js';
import { consoleAuth, postJson, testAppForEachTest } from '../testing/testApp.js';

const t = testAppForEachTest();
const HOUR = 3_600_000;
const get = (query = '', headers: Record<string, string> = consoleAuth) => t.app.inject({ url: `/console/api/drops${query}`, headers });

describe('GET /console/api/drops', () => {
  it('answers 401 without the console token', async () => {
    const response = await get('', {});
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('TARMAC_CONSOLE_UNAUTHORIZED');
  });

  it('gives totals per source and reason, log totals per product, and hourly buckets for a day', async () => {
    const before = Date.now();
    await postJson(t.app, '/log/client/messages', { product: 'hotels', reqNo: 1, messages: [clientLogMessage()], dropped: { id: 'l-1', counts: { queue_full: 6 } } });
    await postJson(t.app, '/a/api/analytics/events', { events: [], dropped: { id: 'a-1', counts: { consent: 4, queue_full: 1 } } });
    const summary = (await get()).json();
    expect(summary.bucketMs).toBe(HOUR);
    expect(summary.to - summary.from).toBe(24 * HOUR);
    expect(summary.totals).toEqual([
      { source: 'logs', reason: 'queue_full', count: 6 },
      { source: 'analytics', reason: 'consent', count: 4 },
      { source: 'analytics', reason: 'queue_full', count: 1 },
    ]);
    expect(summary.byProduct).toEqual([{ product: 'hotels', reason: 'queue_full', count: 6 }]);
    const thisHour = Math.floor(before / HOUR) * HOUR;
    expect(summary.buckets).toHaveLength(3);
    // Received during this test: this hour, or the next if the clock just turned it.
    for (const bucket of summary.buckets) expect([thisHour, thisHour + HOUR]).toContain(bucket.start);
    expect(summary.buckets.reduce((n: number, b: { count: number }) => n + b.count, 0)).toBe(11);
  });

  it('reads only the asked window, in 5-minute buckets for an hour', async () => {
    await postJson(t.app, '/a/api/analytics/events', { events: [], dropped: { id: 'a-1', counts: { oversize: 2 } } });
    const now = Date.now();
    const recent = (await get(`?from=${now - HOUR}&to=${now + 1}`)).json();
    expect(recent.bucketMs).toBe(300_000);
    expect(recent.totals).toEqual([{ source: 'analytics', reason: 'oversize', count: 2 }]);
    expect(recent.buckets[0].start % 300_000).toBe(0);
    const earlier = (await get(`?from=${now - 2 * HOUR}&to=${now - HOUR}`)).json();
    expect(earlier).toMatchObject({ totals: [], byProduct: [], buckets: [] });
  });

  it.each(['?from=abc', '?from=-5', '?from=10&to=5', `?from=0&to=${398 * 24 * HOUR}`])('refuses the query %s', async (query) => {
    const response = await get(query);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('TARMAC_BAD_QUERY');
  });
});
