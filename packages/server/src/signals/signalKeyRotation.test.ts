import { createPublicKey, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { formTokenFor, SESSION_COOKIE } from '../site/formToken.js';
import { consoleAuth, testAppForEachTest, TEST_SESSION_SECRET } from '../testing/testApp.js';
import { generateSignalKeys } from './signalKeys.js';
import type { SignalKeys } from './signalKeys.js';
import { createSignalKeyRing } from './signalKeyRing.js';
import { payloadForTest, sealForTest } from './testing/sealForTest.js';

const first = generateSignalKeys();
const second = generateSignalKeys();
const sid = randomBytes(32).toString('base64url');
const token = formTokenFor(TEST_SESSION_SECRET, sid);
const MINUTE = 60_000;

// The ring's clock, moved by the tests: "after the grace period" without waiting for it.
let clock = Date.now();
const made = [second];
const ring = createSignalKeyRing({ current: first, graceMinutes: 10, now: () => clock, generate: async () => made.shift() ?? generateSignalKeys() });
const t = testAppForEachTest({ signalKeys: ring });

const sealedWith = (keys: SignalKeys, kid = keys.kid) =>
  sealForTest(JSON.stringify(payloadForTest()), createPublicKey(keys.privateKey), { kid });
const post = (encryptedMetaData: string) =>
  t.app.inject({
    method: 'POST',
    url: '/a/api/signals',
    payload: new URLSearchParams({ encryptedMetaData, token }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `${SESSION_COOKIE}=${sid}`, 'x-requested-with': 'XMLHttpRequest' },
  });
const stored = async () => (await t.app.inject({ method: 'GET', url: '/console/api/signals/reports', headers: consoleAuth })).json().reports.length;

// The tests run in order: one key before the rotation, the rotation, the grace period, after it.
describe('signals key rotation', () => {
  it('serves the current key with its kid, cacheable for at most half the grace period', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/a/api/signals/key' });
    expect(response.json()).toMatchObject({ algorithm: 'RSA-OAEP-256', kid: first.kid, publicKey: { kid: first.kid, n: first.publicJwk.n } });
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect((await post(sealedWith(first))).statusCode).toBe(200);
  });

  it('refuses an unknown kid with a 400 that names it, storing nothing', async () => {
    const response = await post(sealedWith(first, 'no-such-key'));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, code: 'TARMAC_SIGNALS_WRONG_KEY', reason: `Unknown key id no-such-key: this server's key is ${first.kid}` });
    expect(await stored()).toBe(0);
  });

  it('rotates from the console only with its token', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/console/api/signals/key/rotate' })).statusCode).toBe(401);
    const response = await t.app.inject({ method: 'POST', url: '/console/api/signals/key/rotate', headers: consoleAuth });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ kid: second.kid, graceSeconds: 600, previous: { kid: first.kid, retiredAt: clock, acceptedUntil: clock + 10 * MINUTE } });
    expect((await t.app.inject({ method: 'GET', url: '/console/api/signals/key', headers: consoleAuth })).json().kid).toBe(second.kid);
    expect((await t.app.inject({ method: 'GET', url: '/a/api/signals/key' })).json().kid).toBe(second.kid);
  });

  it('accepts envelopes sealed with the previous key within the grace period, and the new key', async () => {
    clock += 10 * MINUTE - 1;
    expect((await post(sealedWith(first))).statusCode).toBe(200);
    expect((await post(sealedWith(second))).statusCode).toBe(200);
    expect(await stored()).toBe(2);
  });

  it('refuses the previous key once the grace period is over, saying so', async () => {
    clock += 1;
    const response = await post(sealedWith(first));
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('TARMAC_SIGNALS_WRONG_KEY');
    expect(response.json().reason).toMatch(new RegExp(`^Key ${first.kid} was retired at .+; envelopes sealed with it were accepted until `));
    expect((await post(sealedWith(second))).statusCode).toBe(200);
    expect(await stored()).toBe(1);
  });
});
