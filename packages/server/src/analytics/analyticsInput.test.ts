import { describe, expect, it } from 'vitest';
import { createCountingApp } from '../testing/ingestProperty.js';
import { postJson, testAppForEachTest } from '../testing/testApp.js';

const t = testAppForEachTest();

const now = Date.now();
const event = { id: 'e-1', type: 'event', path: '/vs/flights/home/-/search/submit/-/-', timestamp: now, vertical: 'flights', category: 'search', action: 'submit' };
const post = (body: unknown) => postJson(t.app, '/a/api/analytics/events', body);
const window = { from: 0, to: now + 60_000 };
const stored = async () => (await t.storage.query.analytics.countAnalytics(window, 'path', 100)).reduce((n, row) => n + row.events + row.pageViews, 0);

describe('POST /a/api/analytics/events: strict input', () => {
  it.each([
    ['a prototype name as a params key', { params: { toString: 1 } }, 'body/events/1/params/toString is a reserved name'],
    ['a NUL in path', { path: '/vs/a\u0000' }, 'body/events/1/path must start with /vs/ and contain no control characters or unpaired surrogates'],
    ['a lone surrogate in vertical', { vertical: 'x\ud800' }, 'body/events/1/vertical must not contain control characters or unpaired surrogates'],
    ['a NUL in category', { category: 'a\u0000' }, 'body/events/1/category must not contain'],
    ['a control character in action', { action: 'go\u0007' }, 'body/events/1/action must not contain'],
    ['a control character in a params key', { params: { 'a\u0000': 1 } }, 'body/events/1/params key "a\\u0000" must not contain'],
    ['an id of unsafe characters', { id: 'a/b' }, 'body/events/1/id must be 1..64 characters'],
    ['an empty id', { id: '' }, 'body/events/1/id must be 1..64 characters'],
    ['a value of 1e300', { value: 1e300 }, 'body/events/1/value must be <= 1000000000000'],
    ['a params number of 1e300', { params: { n: 1e300 } }, 'body/events/1/params/n'],
    ['a timestamp of 1e308', { timestamp: 1e308 }, 'body/events/1/timestamp must be <= 4102444800000'],
  ])('refuses %s with a 400 naming the field, storing nothing', async (_label, overrides, reason) => {
    const response = await post({ events: [event, { ...event, id: 'e-2', ...overrides }] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, code: 'TARMAC_BAD_BODY', reason: expect.stringContaining(reason) });
    expect(await stored()).toBe(0);
  });
});

describe('POST /a/api/analytics/events: each hit once', () => {
  it('stores a re-sent batch once (every hit by its id), answering as the first time', async () => {
    const body = { events: [event, { ...event, id: 'e-2', type: 'pageview', path: '/vs/page/flights/home/-' }] };
    expect((await post(body)).json()).toEqual({ accepted: 2 });
    expect((await post(body)).json()).toEqual({ accepted: 2 });
    expect(await stored()).toBe(2);
    // One new hit beside a re-sent one: only the new one is added.
    await post({ events: [event, { ...event, id: 'e-3' }] });
    expect(await stored()).toBe(3);
  });

  it('stores hits of pages older than ids (none sent) every time, as before', async () => {
    const { id: _id, ...old } = event;
    await post({ events: [old] });
    await post({ events: [old] });
    expect(await stored()).toBe(2);
  });

});

describe('POST /a/api/analytics/events: free text', () => {
  it('is stored as sent, NULs included, a lone surrogate (a cut pair) as one U+FFFD', async () => {
    const app = await createCountingApp();
    try {
      const response = await postJson(app.app, '/a/api/analytics/events', { events: [{ ...event, label: 'cut \ud83d\u0000', params: { note: 'a\udc00b', n: 2 } }] });
      expect(response.statusCode).toBe(200);
      expect(app.read('SELECT label FROM analytics_hits WHERE client_id = ?', 'e-1')).toBe('cut \ufffd\u0000');
      expect(JSON.parse(app.read('SELECT params FROM analytics_hits WHERE client_id = ?', 'e-1') as string)).toEqual({ note: 'a\ufffdb', n: 2 });
    } finally {
      await app.close();
    }
  });
});
