import { describe, expect, it } from 'vitest';
import { clientLogMessage } from '../testing/fixtures.js';
import { postJson, testAppForEachTest } from '../testing/testApp.js';
import type { ClientLogMessage } from './contract.js';

const t = testAppForEachTest();

const post = (messages: unknown[]) => postJson(t.app, '/log/client/messages', { product: 'flights', reqNo: 1, messages });
const groups = async () => (await t.storage.query.logs.listLogGroups({ limit: 500 })).groups;
const withMessage = (overrides: Record<string, unknown>) => ({ ...clientLogMessage(), ...overrides });

describe('POST /log/client/messages: strict input', () => {
  it.each([
    ['a prototype name as a context key', { context: { toString: 'x' } }, 'body/messages/1/context/toString is a reserved name'],
    ['constructor as a context key', { context: { constructor: 1 } }, 'body/messages/1/context/constructor is a reserved name'],
    ['a NUL in type', { type: 'log\u0000' }, 'body/messages/1/type must not contain control characters or unpaired surrogates'],
    ['a lone surrogate in groupId', { groupId: 'g\ud800' }, 'body/messages/1/groupId must not contain control characters'],
    ['a control character in a context key', { context: { 'a\u0001': 1 } }, 'body/messages/1/context key "a\\u0001" must not contain control characters'],
    ['an id of unsafe characters', { id: 'a b' }, 'body/messages/1/id must be 1..64 characters of A-Z a-z 0-9 . _ : -'],
    ['occurrences of 1e300', { occurrences: 1e300 }, 'body/messages/1/occurrences must be <= 1000000000'],
    ['occurrences of 0', { occurrences: 0 }, 'body/messages/1/occurrences must be >= 1'],
    ['a timestamp of 1e308', { timestamp: 1e308 }, 'body/messages/1/timestamp must be <= 4102444800000'],
    ['a timestamp before 2000', { timestamp: 5 }, 'body/messages/1/timestamp must be >= 946684800000'],
    ['a fractional timestamp', { timestamp: 1_700_000_000_000.5 }, 'body/messages/1/timestamp must be integer'],
    ['a line number of 1e300', { lineNo: 1e300 }, 'body/messages/1/lineNo must be <= 1000000000'],
    ['a context number of 1e300', { context: { n: 1e300 } }, 'body/messages/1/context/n'],
  ])('refuses %s with a 400 naming the field, storing nothing', async (_label, overrides, reason) => {
    const response = await post([clientLogMessage({ id: 'first' }), withMessage(overrides)]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, code: 'TARMAC_BAD_BODY', reason: expect.stringContaining(reason) });
    expect(await groups()).toEqual([]);
  });

  it('refuses __proto__ anywhere as JSON it will not parse', async () => {
    const response = await postJson(t.app, '/log/client/messages', '{"product":"p","reqNo":1,"messages":[],"__proto__":{"x":1}}');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('TARMAC_BAD_JSON');
  });

  it('keeps free text as sent, NULs included, a lone surrogate (a cut pair) as one U+FFFD; pairs pass in identifiers', async () => {
    const message: ClientLogMessage = clientLogMessage({ message: 'cut \ud83d', extraArgs: ['nul\u0000here'], type: 'tipo ✈😀', context: { note: 'a\ud800b' } });
    expect((await post([message])).statusCode).toBe(200);
    const [group] = await groups();
    expect(group).toMatchObject({ message: 'cut \ufffd', type: 'tipo ✈😀' });
    const detail = await t.storage.query.logs.getLogGroup(group!.groupId);
    expect(detail?.occurrences[0]).toMatchObject({ extraArgs: ['nul\u0000here'], context: { note: 'a\ufffdb' } });
  });

  it('scrubs %40-encoded addresses as the browser logger does', async () => {
    const message = clientLogMessage({ message: 'GET /search?email=jane%40example.org failed', context: { url: 'https://site.test/?u=bob%40mail.example.com' } });
    expect((await post([message])).statusCode).toBe(200);
    const [group] = await groups();
    expect(group?.message).toBe('GET /search?email={email} failed');
    const detail = await t.storage.query.logs.getLogGroup(group!.groupId);
    expect(detail?.occurrences[0]?.url).toBe('https://site.test/?u={email}');
  });
});
