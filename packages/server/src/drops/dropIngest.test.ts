import { describe, expect, it } from 'vitest';
import { clientLogMessage } from '../testing/fixtures.js';
import { postJson, testAppForEachTest } from '../testing/testApp.js';

const t = testAppForEachTest();
const LOGS = '/log/client/messages';
const ANALYTICS = '/a/api/analytics/events';
const pageView = { type: 'pageview', path: '/vs/page/flights/home/-', timestamp: Date.now() };
const dropped = (counts: Record<string, unknown> = { queue_full: 5, consent: 2 }, id = 'report-1') => ({ id, counts });
const logBody = (messages = [clientLogMessage()], extra: object = {}) => ({ product: 'flights', reqNo: 3, messages, ...extra });
const totals = async () => (await t.storage.query.drops.dropSummary({ from: 0, to: Date.now() + 60_000, bucketMs: 3_600_000 })).totals;
const groups = async () => (await t.storage.query.logs.listLogGroups({ limit: 10 })).groups;
const hits = async () => t.storage.query.analytics.countAnalytics({ from: 0, to: Date.now() + 60_000 }, 'path', 10);

describe('drop reports on the ingest endpoints', () => {
  it('stores a log batch’s report under its product beside its messages', async () => {
    const response = await postJson(t.app, LOGS, logBody(undefined, { dropped: dropped() }));
    expect(response.statusCode).toBe(200);
    expect(await groups()).toHaveLength(1);
    expect(await totals()).toEqual([
      { source: 'logs', reason: 'queue_full', count: 5 },
      { source: 'logs', reason: 'consent', count: 2 },
    ]);
    const summary = await t.storage.query.drops.dropSummary({ from: 0, to: Date.now() + 1, bucketMs: 3_600_000 });
    expect(summary.byProduct.map((p) => p.product)).toEqual(['flights', 'flights']);
  });

  it('accepts a report alone (the exit beacon) on both endpoints, as JSON or text/plain', async () => {
    const beacon = { 'content-type': 'text/plain;charset=UTF-8' };
    expect((await postJson(t.app, LOGS, logBody([], { dropped: dropped({ stopped: 4 }) }), beacon)).statusCode).toBe(200);
    const analytics = await postJson(t.app, ANALYTICS, { events: [], dropped: dropped({ consent: 9 }) });
    expect(analytics.json()).toEqual({ accepted: 0 });
    expect(await groups()).toEqual([]);
    expect(await totals()).toEqual([
      { source: 'analytics', reason: 'consent', count: 9 },
      { source: 'logs', reason: 'stopped', count: 4 },
    ]);
  });

  it('stores analytics hits and their report together, counting a retried body once', async () => {
    const body = { events: [pageView], dropped: dropped({ retries_exhausted: 3 }) };
    expect((await postJson(t.app, ANALYTICS, body)).json()).toEqual({ accepted: 1 });
    expect((await postJson(t.app, ANALYTICS, body)).statusCode).toBe(200);
    expect(await totals()).toEqual([{ source: 'analytics', reason: 'retries_exhausted', count: 3 }]);
  });

  it('strips reasons it does not know and keeps the rest of the batch', async () => {
    await postJson(t.app, LOGS, logBody(undefined, { dropped: dropped({ oversize: 1, teleported: 8 }) }));
    const onlyUnknown = await postJson(t.app, ANALYTICS, { events: [pageView], dropped: dropped({ teleported: 8 }, 'report-2') });
    expect(onlyUnknown.json()).toEqual({ accepted: 1 });
    expect(await totals()).toEqual([{ source: 'logs', reason: 'oversize', count: 1 }]);
    expect(await hits()).toHaveLength(1);
  });

  it.each([LOGS, ANALYTICS])('refuses a body to %s with neither items nor a report, naming both', async (url) => {
    const response = await postJson(t.app, url, url === LOGS ? logBody([]) : { events: [] });
    expect(response.statusCode).toBe(400);
    const field = url === LOGS ? 'messages' : 'events';
    expect(response.json()).toEqual({
      statusCode: 400,
      code: 'TARMAC_BAD_BODY',
      reason: `body/${field} must not be empty unless body/dropped is present`,
    });
  });

  const badReports: [string, unknown][] = [
    ['an empty id', { id: '', counts: { queue_full: 1 } }],
    ['a 65-character id', { id: 'x'.repeat(65), counts: { queue_full: 1 } }],
    ['no counts', { id: 'r' }],
    ['empty counts', { id: 'r', counts: {} }],
    ['a zero count', dropped({ queue_full: 0 })],
    ['a fractional count', dropped({ queue_full: 1.5 })],
    ['a count over a billion', dropped({ queue_full: 1e9 + 1 })],
    ['a count as text', dropped({ queue_full: '3' })],
    ['a report that is a list', [{ queue_full: 1 }]],
  ];
  it.each(badReports)('refuses a report with %s on both endpoints and stores nothing of the body', async (_label, report) => {
    for (const [url, body] of [[LOGS, logBody(undefined, { dropped: report })], [ANALYTICS, { events: [pageView], dropped: report }]] as const) {
      const response = await postJson(t.app, url, body);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().code).toBe('TARMAC_BAD_BODY');
      expect(response.json().reason).toMatch(/^body\/dropped/);
    }
    expect(await groups()).toEqual([]);
    expect(await hits()).toEqual([]);
    expect(await totals()).toEqual([]);
  });
});
