import { beforeEach, describe, expect, it } from 'vitest';
import { clientLogMessage, newClientLog } from '../testing/fixtures.js';
import { consoleAuth, testAppForEachTest } from '../testing/testApp.js';

const t = testAppForEachTest();
beforeEach(async () => {
  await t.storage.ingest.logs.insertClientLogs({
    records: [
      newClientLog({ messageId: '1', groupId: 'warn', level: 3, message: 'Slow image', receivedAt: 1 }),
      newClientLog({ messageId: '2', groupId: 'err', level: 4, product: 'hotels', receivedAt: 2 }),
      newClientLog({ messageId: '3', groupId: 'dbg', level: 1, message: 'tick', fileName: 'Clock.js', receivedAt: 3 }),
    ],
    ignored: 0,
  });
});

const get = (url: string, headers: Record<string, string> = consoleAuth) => t.app.inject({ method: 'GET', url, headers });
const groupIds = async (query: string) =>
  (await get(`/console/api/logs/groups${query}`)).json().groups.map((g: { groupId: string }) => g.groupId);

describe('console API', () => {
  it.each([
    ['no token', {}],
    ['a wrong token', { authorization: 'Bearer nope' }],
    ['a token of another scheme', { authorization: 'Basic test-console-token' }],
  ])('answers 401 with %s', async (_label, headers) => {
    for (const url of ['/console/api/session', '/console/api/logs/groups', '/console/api/logs/settings']) {
      const response = await get(url, headers);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'TARMAC_CONSOLE_UNAUTHORIZED' });
    }
  });

  it('confirms a valid token', async () => {
    expect((await get('/console/api/session')).json()).toEqual({ ok: true });
  });

  it('lists groups newest first with the product list', async () => {
    const body = (await get('/console/api/logs/groups')).json();
    expect(body.groups.map((g: { groupId: string }) => g.groupId)).toEqual(['dbg', 'err', 'warn']);
    expect(body.products).toEqual(['flights', 'hotels']);
  });

  it('filters groups by level, product, text and limit', async () => {
    expect(await groupIds('?level=3')).toEqual(['err', 'warn']);
    expect(await groupIds('?product=hotels')).toEqual(['err']);
    expect(await groupIds('?q=SLOW')).toEqual(['warn']);
    expect(await groupIds('?q=clock')).toEqual(['dbg']);
    expect(await groupIds('?q=')).toEqual(['dbg', 'err', 'warn']);
    expect(await groupIds('?limit=2')).toEqual(['dbg', 'err']);
  });

  it.each(['?limit=0', '?limit=501', '?level=9', '?limit=ten'])('refuses the query %s', async (query) => {
    const response = await get(`/console/api/logs/groups${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('TARMAC_BAD_QUERY');
  });

  it('returns a group with its stack and occurrences, or 404', async () => {
    const detail = (await get('/console/api/logs/groups/err')).json();
    expect(detail.group).toMatchObject({ groupId: 'err', product: 'hotels', count: 1 });
    expect(detail.stackTrace).toEqual(['at run (app.js:10:5)']);
    expect(detail.parsedStackTrace[0]).toMatchObject({ functionName: 'run', lineNo: 10 });
    expect(detail.occurrences).toEqual([
      expect.objectContaining({ id: '2', url: 'https://example.test/flights', extraArgs: [], context: {} }),
    ]);
    const missing = await get('/console/api/logs/groups/nope');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('TARMAC_NOT_FOUND');
  });

  it('stores settings through PUT and the ingest reply returns them', async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: '/console/api/logs/settings',
      headers: consoleAuth,
      payload: { stopLogging: true, message: 'paused by ops' },
    });
    expect(put.json()).toEqual({ stopLogging: true, message: 'paused by ops' });
    expect((await get('/console/api/logs/settings')).json()).toEqual({ stopLogging: true, message: 'paused by ops' });
    const ok = await t.app.inject({
      method: 'POST',
      url: '/log/client/messages',
      payload: { product: 'p', reqNo: 2, messages: [clientLogMessage()] },
    });
    expect(ok.json()).toEqual({ stopLogging: true, message: 'paused by ops' });
  });

  it('refuses invalid settings and keeps the old ones', async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: '/console/api/logs/settings',
      headers: consoleAuth,
      payload: { stopLogging: 'yes' },
    });
    expect(put.statusCode).toBe(400);
    expect(put.json().code).toBe('TARMAC_BAD_BODY');
    expect((await get('/console/api/logs/settings')).json()).toEqual({});
  });
});
