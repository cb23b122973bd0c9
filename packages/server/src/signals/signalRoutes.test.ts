import { createPublicKey, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { formTokenFor, SESSION_COOKIE } from '../site/formToken.js';
import { consoleAuth, testAppForEachTest, TEST_SESSION_SECRET } from '../testing/testApp.js';
import { payloadForTest, personSignals, sealForTest } from './testing/sealForTest.js';
import { generateSignalKeys } from './signalKeys.js';

const keys = generateSignalKeys();
const publicKey = createPublicKey(keys.privateKey);
const sid = randomBytes(32).toString('base64url');
const token = formTokenFor(TEST_SESSION_SECRET, sid);
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/124.0 Safari/537.36';

const t = testAppForEachTest({ signalKeys: keys });

const post = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(fields).toString(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: `${SESSION_COOKIE}=${sid}`,
      'user-agent': BROWSER,
      'x-requested-with': 'XMLHttpRequest',
      ...headers,
    },
  });
const sealed = (payload = payloadForTest()) => sealForTest(JSON.stringify(payload), publicKey);
const reports = async () => (await t.app.inject({ method: 'GET', url: '/console/api/signals/reports', headers: consoleAuth })).json().reports;

describe('signal endpoints', () => {
  it('serves the public key as a wrap-only RSA-OAEP-256 JWK', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/a/api/signals/key' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.algorithm).toBe('RSA-OAEP-256');
    expect(body.publicKey).toMatchObject({ kty: 'RSA', e: 'AQAB', key_ops: ['wrapKey'] });
    expect(body.publicKey.d).toBeUndefined();
    expect(body.publicKey.n).toBe(keys.publicJwk.n);
  });

  it('decrypts, judges and stores a report, answering without the verdict', async () => {
    const payload = payloadForTest(personSignals({ automation: ['webdriver', 'softwareRenderer'] }));
    const response = await post('/a/api/signals', { encryptedMetaData: sealed(payload), token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    const [stored] = await reports();
    expect(stored).toMatchObject({ automation: true, reasons: ['webdriver', 'softwareRenderer'], score: 70, userAgent: BROWSER });
    expect(stored.signals).toEqual(payload.signals);
  });

  it('refuses a replayed payload with 409 and keeps one copy', async () => {
    const envelope = sealed();
    expect((await post('/a/api/signals', { encryptedMetaData: envelope, token })).statusCode).toBe(200);
    const again = await post('/a/api/signals', { encryptedMetaData: envelope, token });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('TARMAC_SIGNALS_REPLAY');
    // A new envelope around the same nonce is the same replay.
    const payload = payloadForTest();
    await post('/a/api/signals', { encryptedMetaData: sealed(payload), token });
    expect((await post('/a/api/signals', { encryptedMetaData: sealed(payload), token })).statusCode).toBe(409);
    expect(await reports()).toHaveLength(2);
  });

  it.each([
    ['a wrong token', () => ({ encryptedMetaData: sealed(), token: 'x'.repeat(43) }), {}, 403, 'TARMAC_BAD_FORM_TOKEN'],
    ['no session', () => ({ encryptedMetaData: sealed(), token }), { cookie: '' }, 403, 'TARMAC_BAD_FORM_TOKEN'],
    ['no token field', () => ({ encryptedMetaData: sealed() }), {}, 400, 'TARMAC_BAD_BODY'],
    ['an empty envelope', () => ({ encryptedMetaData: '', token }), {}, 400, 'TARMAC_BAD_BODY'],
    ['a tampered payload', () => ({ encryptedMetaData: sealed().replace(/.{8}$/, 'AAAAAAAA'), token }), {}, 400, 'TARMAC_SIGNALS_TAMPERED'],
    ['a truncated payload', () => ({ encryptedMetaData: sealed().slice(0, 100), token }), {}, 400, 'TARMAC_SIGNALS_TRUNCATED'],
    ['another key', () => ({ encryptedMetaData: sealForTest('{}', createPublicKey(generateSignalKeys().privateKey)), token }), {}, 400, 'TARMAC_SIGNALS_WRONG_KEY'],
    ['a stale payload', () => ({ encryptedMetaData: sealed(payloadForTest(personSignals(), Date.now() - 2 * 86_400_000)), token }), {}, 400, 'TARMAC_SIGNALS_STALE'],
    ['an invalid payload', () => ({ encryptedMetaData: sealForTest('{"nonce":1}', publicKey), token }), {}, 400, 'TARMAC_SIGNALS_BAD_PAYLOAD'],
    ['another origin', () => ({ encryptedMetaData: sealed(), token }), { origin: 'https://evil.example' }, 403, 'TARMAC_CROSS_ORIGIN'],
  ])('refuses %s and stores nothing', async (_label, fields, headers, status, code) => {
    const response = await post('/a/api/signals', fields() as Record<string, string>, headers);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ statusCode: status, code });
    expect(response.json().reason.length).toBeGreaterThan(0);
    expect(await reports()).toEqual([]);
  });

  it('records a fallback hit only with the right token', async () => {
    expect((await post('/a/api/signals/fallback', { token: 'wrong' })).statusCode).toBe(403);
    expect((await post('/a/api/signals/fallback', { token })).statusCode).toBe(200);
    const summary = (await t.app.inject({ method: 'GET', url: '/console/api/signals/summary', headers: consoleAuth })).json();
    expect(summary.totals).toEqual({ people: 0, automation: 0, fallback: 1 });
  });
});

describe('console signal API', () => {
  it('needs the console token', async () => {
    for (const url of ['/console/api/signals/summary', '/console/api/signals/reports']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('summarises people and automation over time with reasons and spreads', async () => {
    await post('/a/api/signals', { encryptedMetaData: sealed(payloadForTest(personSignals({ automation: ['webdriver'] }))), token });
    await post('/a/api/signals', { encryptedMetaData: sealed(), token });
    await post('/a/api/signals', { encryptedMetaData: sealed(payloadForTest(personSignals({ languages: ['en-GB'], timeZone: { name: 'Europe/London', offset: 0 } }))), token });
    const response = await t.app.inject({ method: 'GET', url: '/console/api/signals/summary?hours=24', headers: consoleAuth });
    const summary = response.json();
    expect(summary.bucketMs).toBe(3600_000);
    expect(summary.totals).toEqual({ people: 2, automation: 1, fallback: 0 });
    expect(summary.buckets.reduce((n: number, b: { people: number }) => n + b.people, 0)).toBe(2);
    // Bucket starts are whole hours, so reports of one hour share one bucket.
    for (const bucket of summary.buckets as { start: number }[]) expect(bucket.start % 3600_000).toBe(0);
    expect(summary.topReasons).toEqual([{ value: 'webdriver', count: 1 }]);
    expect(summary.timeZones).toEqual([{ value: 'Europe/Madrid', count: 2 }, { value: 'Europe/London', count: 1 }]);
    expect(summary.languages).toEqual([{ value: 'es-ES', count: 2 }, { value: 'en-GB', count: 1 }]);
    expect(summary.screens).toEqual([{ value: '1920x1080', count: 3 }]);
    expect((await t.app.inject({ method: 'GET', url: '/console/api/signals/summary?hours=721', headers: consoleAuth })).statusCode).toBe(400);
    // The one window shape of every view gives the same summary; a week is read in day buckets.
    const now = Date.now();
    const same = (await t.app.inject({ url: `/console/api/signals/summary?from=${now - 24 * 3600_000}&to=${now}`, headers: consoleAuth })).json();
    expect(same.totals).toEqual(summary.totals);
    const week = (await t.app.inject({ url: `/console/api/signals/summary?from=${now - 7 * 24 * 3600_000}&to=${now}`, headers: consoleAuth })).json();
    expect(week.bucketMs).toBe(24 * 3600_000);
    expect(week.totals).toEqual(summary.totals);
  });
});
