import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { formTokenFor } from '../site/formToken.js';
import { clientLogMessage } from '../testing/fixtures.js';
import { consoleAuth, createTestApp, TEST_SESSION_SECRET, testAppForEachTest } from '../testing/testApp.js';
import { clientKey } from './clientKey.js';
import type { RateLimitStore } from './counterStore.js';

const LIMIT = 3;
const t = testAppForEachTest({ rateLimits: { ingestPerMinute: LIMIT, authFailuresPerMinute: LIMIT } });

const logBatch = (id: string) => JSON.stringify({ product: 'p', reqNo: 1, messages: [clientLogMessage({ id, groupId: id, message: `m ${id}` })] });
const postLog = (id: string, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/log/client/messages', remoteAddress, headers: { 'content-type': 'application/json', ...headers }, payload: logBatch(id) });
const storedGroups = async () =>
  ((await t.app.inject({ url: '/console/api/logs/groups', headers: consoleAuth })).json() as { groups: unknown[] }).groups.length;

function expectRateLimited(response: LightMyRequestResponse): void {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({ statusCode: 429, code: 'TARMAC_RATE_LIMITED', reason: expect.stringMatching(/retry in \d+ s/) as unknown });
  const wait = Number(response.headers['retry-after']);
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(60);
}

// Every public POST: whatever the body, the limiter answers before the route looks at it.
const INGEST = ['/log/client/messages', '/a/api/analytics/events', '/s/run/perf', '/a/api/dynamic/import', '/a/api/signals', '/a/api/signals/fallback', '/i/api/iabtcf/v1/consent'];

describe('the ingest rate limit', () => {
  it.each(INGEST)('answers %s with 429 and Retry-After past the limit', async (url) => {
    const post = () => t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: '{}' });
    for (let i = 0; i < LIMIT; i++) expect((await post()).statusCode).not.toBe(429);
    expectRateLimited(await post());
  });

  it('stores nothing it refuses, and counts each route and each client apart', async () => {
    for (let i = 0; i < LIMIT; i++) expect((await postLog(`ok${i}`)).statusCode).toBe(200);
    expectRateLimited(await postLog('refused'));
    expect(await storedGroups()).toBe(LIMIT);
    // Another ingest route, and another client on this one, still have their whole minute.
    const analytics = await t.app.inject({ method: 'POST', url: '/a/api/analytics/events', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(analytics.statusCode).toBe(400);
    expect((await postLog('other-client', {}, '10.1.2.3')).statusCode).toBe(200);
  });

  it('leaves reads alone', async () => {
    for (let i = 0; i <= LIMIT * 2; i++) expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    for (let i = 0; i <= LIMIT * 2; i++) expect((await t.app.inject({ url: '/console/api/logs/groups', headers: consoleAuth })).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For from anyone but a trusted proxy', async () => {
    for (let i = 0; i < LIMIT; i++) expect((await postLog(`a${i}`, { 'x-forwarded-for': `203.0.113.${i}` })).statusCode).toBe(200);
    expectRateLimited(await postLog('spoofed', { 'x-forwarded-for': '203.0.113.99' }));
  });

  it('counts the client a trusted proxy names', async () => {
    await t.rebuild({ rateLimits: { ingestPerMinute: LIMIT, authFailuresPerMinute: LIMIT }, trustProxy: ['127.0.0.1'] });
    for (let i = 0; i < LIMIT; i++) expect((await postLog(`a${i}`, { 'x-forwarded-for': '203.0.113.7' })).statusCode).toBe(200);
    expectRateLimited(await postLog('a', { 'x-forwarded-for': '203.0.113.7' }));
    expect((await postLog('b', { 'x-forwarded-for': '203.0.113.8' })).statusCode).toBe(200);
  });

  it('is off at 0', async () => {
    await t.rebuild({ rateLimits: { ingestPerMinute: 0, authFailuresPerMinute: 0 } });
    for (let i = 0; i < LIMIT * 3; i++) expect((await postLog(`x${i}`)).statusCode).toBe(200);
    for (let i = 0; i < LIMIT * 3; i++) expect((await t.app.inject({ url: '/console/api/session', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(401);
  });
});

describe('the limit on wrong tokens', () => {
  const consoleWith = (token: string) => t.app.inject({ url: '/console/api/session', headers: { authorization: `Bearer ${token}` } });

  it('answers wrong console tokens 429 past the limit, and never a correct one', async () => {
    for (let i = 0; i < LIMIT * 2; i++) expect((await consoleWith('test-console-token')).statusCode).toBe(200); // not counted
    for (let i = 0; i < LIMIT; i++) expect((await consoleWith(`guess-${i}`)).json()).toMatchObject({ code: 'TARMAC_CONSOLE_UNAUTHORIZED' });
    expectRateLimited(await consoleWith('guess-again'));
    expectRateLimited(await t.app.inject({ url: '/console/api/signals/summary' }));
    expect((await consoleWith('test-console-token')).statusCode).toBe(200);
    // Another client has its own count.
    expect((await t.app.inject({ url: '/console/api/session', remoteAddress: '10.9.9.9', headers: { authorization: 'Bearer x' } })).statusCode).toBe(401);
  });

  it('answers wrong form tokens on consent and signals alike, counted apart from console tokens', async () => {
    const sid = 'S'.repeat(43);
    const cookie = `tarmac_sid=${sid}`;
    const consent = (token: string) => t.app.inject({ url: '/i/api/iabtcf/v1/consent', headers: { cookie, 'x-csrf': token } });
    const signals = (token: string) =>
      t.app.inject({ method: 'POST', url: '/a/api/signals/fallback', headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' }, payload: `token=${token}` });
    expect((await consent(formTokenFor(TEST_SESSION_SECRET, sid))).statusCode).toBe(200);
    expect((await consent('wrong')).json()).toMatchObject({ statusCode: 403, code: 'TARMAC_BAD_FORM_TOKEN' });
    expect((await signals('wrong')).json()).toMatchObject({ statusCode: 403, code: 'TARMAC_BAD_FORM_TOKEN' });
    expect((await consent('')).json()).toMatchObject({ statusCode: 403, code: 'TARMAC_BAD_FORM_TOKEN' });
    expectRateLimited(await signals('wrong'));
    expectRateLimited(await consent('wrong'));
    expect((await signals(formTokenFor(TEST_SESSION_SECRET, sid))).statusCode).toBe(200);
    expect((await consoleWith('guess')).statusCode).toBe(401);
  });
});

describe('the counter store', () => {
  // What a shared store (Redis, PostgreSQL, NATS KV) would be: one keyspace every instance counts in.
  function sharedStore(counts: Map<string, number>): RateLimitStore {
    return class {
      incr(key: string, done: (error: Error | null, result?: { current: number; ttl: number }) => void) {
        counts.set(key, (counts.get(key) ?? 0) + 1);
        done(null, { current: counts.get(key)!, ttl: 45_000 });
      }
      child() {
        return this;
      }
    } as unknown as RateLimitStore;
  }

  it('is the one given, shared by instances, under keys that name the limiter, route and client', async () => {
    const counts = new Map<string, number>();
    const settings = { ingestPerMinute: LIMIT, authFailuresPerMinute: LIMIT, store: sharedStore(counts) };
    await t.rebuild({ rateLimits: settings });
    const other = await createTestApp({ rateLimits: settings });
    try {
      expect((await postLog('one')).statusCode).toBe(200);
      expect((await postLog('two')).statusCode).toBe(200);
      const onOther = () => other.app.inject({ method: 'POST', url: '/log/client/messages', headers: { 'content-type': 'application/json' }, payload: logBatch('three') });
      expect((await onOther()).statusCode).toBe(200);
      expectRateLimited(await postLog('four'));
      expect((await onOther()).headers['retry-after']).toBe('45');
      await other.app.inject({ url: '/console/api/session', headers: { authorization: 'Bearer wrong' } });
      expect(Object.fromEntries(counts)).toEqual({ 'ingest /log/client/messages 127.0.0.1': 5, 'console-auth 127.0.0.1': 1 });
    } finally {
      await other.close();
    }
  });
});

describe('clientKey', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:aa:bb:1:2:3:4', '2001:db8:aa:bb::/64'],
    ['2001:db8:aa:bb::9', '2001:db8:aa:bb::/64'],
    ['2001:0db8:00aa:00bb:ffff::', '2001:db8:aa:bb::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
  ])('counts %s as %s', (ip, key) => {
    expect(clientKey(ip)).toBe(key);
  });
});
