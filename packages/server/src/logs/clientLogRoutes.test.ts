import { describe, expect, it } from 'vitest';
import { clientLogMessage } from '../testing/fixtures.js';
import { consoleAuth, postJson, testAppForEachTest } from '../testing/testApp.js';

const t = testAppForEachTest();

const post = (body: unknown, headers: Record<string, string> = {}) =>
  postJson(t.app, '/log/client/messages', body, { 'user-agent': 'TestAgent/1.0', ...headers });
const batch = (messages = [clientLogMessage()]) => ({ product: 'flights', reqNo: 1, messages });
const stored = async () => (await t.storage.query.logs.listLogGroups({ limit: 500 })).groups;

describe('POST /log/client/messages', () => {
  it('stores a valid batch and answers with the settings', async () => {
    const response = await post(batch(), { referer: 'https://example.test/ref' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
    const [group] = await stored();
    expect(group).toMatchObject({ groupId: 'flights:g-1', product: 'flights', level: 4, count: 1, fileName: 'app.js' });
    const detail = await t.storage.query.logs.getLogGroup('flights:g-1');
    expect(detail?.occurrences[0]).toMatchObject({ url: 'https://example.test/flights', userAgent: 'TestAgent/1.0' });
  });

  it('sums occurrences across batches and falls back to the Referer for the page URL', async () => {
    await post(batch([clientLogMessage({ id: 'a', occurrences: 2 })]));
    await post(batch([clientLogMessage({ id: 'b', occurrences: 3, context: {} })]), { referer: 'https://example.test/hotels' });
    const [group] = await stored();
    expect(group?.count).toBe(5);
    const detail = await t.storage.query.logs.getLogGroup('flights:g-1');
    expect(detail?.occurrences[0]?.url).toBe('https://example.test/hotels');
  });

  it('accepts a text/plain beacon body', async () => {
    const response = await post(batch(), { 'content-type': 'text/plain;charset=UTF-8' });
    expect(response.statusCode).toBe(200);
    expect(await stored()).toHaveLength(1);
  });

  it('drops unknown fields instead of refusing the batch', async () => {
    const response = await post(batch([{ ...clientLogMessage(), futureField: 1 } as never]));
    expect(response.statusCode).toBe(200);
    expect(await stored()).toHaveLength(1);
  });

  it.each([
    ['malformed JSON', '{"product":', 'application/json', 400, 'TARMAC_BAD_JSON'],
    ['malformed beacon', '{"product":', 'text/plain', 400, 'TARMAC_BAD_JSON'],
    ['empty body', '', 'application/json', 400, 'TARMAC_BAD_JSON'],
    ['wrong type', JSON.stringify({ ...batch(), reqNo: '1' }), 'application/json', 400, 'TARMAC_BAD_BODY'],
    ['bad level', JSON.stringify(batch([{ ...clientLogMessage(), level: 5 as 4 }])), 'application/json', 400, 'TARMAC_BAD_BODY'],
    ['no messages', JSON.stringify(batch([])), 'application/json', 400, 'TARMAC_BAD_BODY'],
    ['too long message', JSON.stringify(batch([clientLogMessage({ message: 'x'.repeat(1001) })])), 'application/json', 400, 'TARMAC_BAD_BODY'],
    ['unsupported type', '<batch/>', 'application/xml', 415, 'TARMAC_UNSUPPORTED_MEDIA_TYPE'],
  ])('refuses %s with a coded reason and stores nothing', async (_label, body, type, status, code) => {
    const response = await post(body, { 'content-type': type });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ statusCode: status, code });
    expect(response.json().reason.length).toBeGreaterThan(0);
    expect(await stored()).toEqual([]);
    expect((await post(batch())).statusCode).toBe(200);
  });

  it('refuses more than 100 messages, naming the limit', async () => {
    const messages = Array.from({ length: 101 }, (_, i) => clientLogMessage({ id: `m${i}`, groupId: `g${i}` }));
    const response = await post(batch(messages));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      code: 'TARMAC_BAD_BODY',
      reason: 'body/messages must NOT have more than 100 items',
    });
    expect(await stored()).toEqual([]);
  });

  it('refuses an oversize body with 413 and keeps serving', async () => {
    const big = batch([clientLogMessage({ extraArgs: ['x'.repeat(300 * 1024)] })]);
    const response = await post(big);
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('TARMAC_BODY_TOO_LARGE');
    expect(await stored()).toEqual([]);
    expect((await post(batch())).statusCode).toBe(200);
  });

  it('keeps the same client groupId from two products in two groups', async () => {
    await post(batch());
    await post({ ...batch(), product: 'hotels' });
    const groups = await stored();
    expect(groups.map((g) => [g.groupId, g.product, g.count]).sort()).toEqual([
      ['flights:g-1', 'flights', 1],
      ['hotels:g-1', 'hotels', 1],
    ]);
  });

  it('scrubs e-mail addresses again on the server', async () => {
    await post(batch([clientLogMessage({
      message: 'failed for jane@example.com',
      extraArgs: ['{"to":"ops@example.org"}'],
      context: { url: 'https://example.test/?u=bob@example.net', user: 'bob@example.net' },
    })]));
    const detail = await t.storage.query.logs.getLogGroup('flights:g-1');
    expect(JSON.stringify(detail)).not.toContain('@example.');
    expect(detail?.group.message).toBe('failed for {email}');
    expect(detail?.occurrences[0]?.extraArgs).toEqual(['{"to":"{email}"}']);
  });

  it('applies the ignore rules on ingest and returns them', async () => {
    const rules = { ignore: [{ message: 'noise' }], platformIgnores: [{ userAgent: 'OldBrowser' }] };
    await t.app.inject({ method: 'PUT', url: '/console/api/logs/settings', headers: consoleAuth, payload: rules });
    const response = await post(batch([
      clientLogMessage({ id: '1', groupId: 'noise', message: 'some noise' }),
      clientLogMessage({ id: '2', groupId: 'real', message: 'real problem' }),
    ]));
    expect(response.json()).toEqual(rules);
    expect((await stored()).map((g) => g.groupId)).toEqual(['flights:real']);
    await post(batch([clientLogMessage({ id: '3', groupId: 'old' })]), { 'user-agent': 'Mozilla OldBrowser/3' });
    const list = await t.storage.query.logs.listLogGroups({ limit: 10 });
    expect(list.groups.map((g) => g.groupId)).toEqual(['flights:real']);
    expect(list.ignored).toBe(2);
  });

  it('uses the config rules until the operator saves settings', async () => {
    await t.rebuild({ logRules: { message: 'hello from ops', ignore: [{ level: 1 }] } });
    const response = await post(batch([clientLogMessage({ level: 1 })]));
    expect(response.json()).toEqual({ message: 'hello from ops', ignore: [{ level: 1 }] });
    expect(await stored()).toEqual([]);
  });

  it('refuses posts from another site but accepts its own origin', async () => {
    const cross = await post(batch(), { origin: 'https://evil.test' });
    expect(cross.statusCode).toBe(403);
    expect(cross.json().code).toBe('TARMAC_CROSS_ORIGIN');
    expect(await stored()).toEqual([]);
    const same = await post(batch(), { origin: 'http://example.test', host: 'example.test' });
    expect(same.statusCode).toBe(200);
  });
});
