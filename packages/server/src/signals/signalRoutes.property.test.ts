import { createPublicKey } from 'node:crypto';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CountingApp } from '../testing/ingestProperty.js';
import { PROPERTY_RUNS, PROPERTY_TIMEOUT_MS, checkIngest, createCountingApp, hostileString, mutate, mutation } from '../testing/ingestProperty.js';
import { generateSignalKeys } from './signalKeys.js';
import { sealForTest } from './testing/sealForTest.js';

const keys = generateSignalKeys();
const publicKey = createPublicKey(keys.privateKey);

let t: CountingApp;
beforeEach(async () => {
  t = await createCountingApp({ signalKeys: keys });
});
afterEach(async () => {
  await t.close();
});

const printable = fc.stringMatching(/^[\x20-\x7e]{0,64}$/);
const px = fc.nat(100_000);
const payload = fc.record({
  nonce: fc.stringMatching(/^[A-Za-z0-9_-]{22}$/),
  ts: fc.integer({ min: Date.now() - 3_600_000, max: Date.now() + 3_600_000 }),
  signals: fc.record({
    screen: fc.record({ width: px, height: px, availWidth: px, availHeight: px, colorDepth: fc.nat(64), pixelRatio: fc.double({ min: 0, max: 32, noNaN: true }) }),
    fonts: fc.array(printable, { maxLength: 5 }),
    touch: fc.record({ maxTouchPoints: fc.nat(1000), touchEvent: fc.boolean(), touchStart: fc.boolean() }),
    timeZone: fc.record({ name: printable, offset: fc.integer({ min: -1440, max: 1440 }) }),
    languages: fc.array(printable, { maxLength: 3 }),
    automation: fc.array(fc.constantFrom('webdriver', 'headless', 'noPlugins'), { maxLength: 2 }),
  }),
});

const FORM = 'application/x-www-form-urlencoded';
const post = (url: string, body: string | Buffer) =>
  t.app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': FORM, cookie: t.session.cookie } });
const sealed = (value: unknown) =>
  new URLSearchParams({ encryptedMetaData: sealForTest(JSON.stringify(value), publicKey), token: t.session.token }).toString();

// After a 2xx the payload's nonce is a stored report.
const storedNonce = (value: unknown) => () => {
  const nonce = (value as { nonce?: unknown }).nonce;
  return t.count('SELECT COUNT(*) FROM signal_reports WHERE nonce = ?', String(nonce)) === 1 ? null : `nonce ${String(nonce)}`;
};

describe('POST /a/api/signals, for any payload', () => {
  it('stores every valid payload once (200), and refuses its replay (409) storing nothing', async () => {
    await fc.assert(
      fc.asyncProperty(payload, async (value) => {
        const body = sealed(value);
        const first = await post('/a/api/signals', body);
        // A nonce an earlier run already stored (fast-check repeats small values) is a replay.
        expect([200, 409], first.body).toContain(first.statusCode);
        expect(storedNonce(value)()).toBeNull();
        await checkIngest(t, () => post('/a/api/signals', sealed(value)), () => 'a replay was accepted');
      }),
      { numRuns: PROPERTY_RUNS / 2 },
    );
  }, PROPERTY_TIMEOUT_MS);

  it('answers a near-valid payload (one field changed) with a 2xx that stores it, or a 4xx that stores nothing', async () => {
    await fc.assert(
      fc.asyncProperty(payload, mutation, async (valid, change) => {
        const value = mutate(valid, change);
        await checkIngest(t, () => post('/a/api/signals', sealed(value)), storedNonce(value));
      }),
      { numRuns: PROPERTY_RUNS },
    );
  }, PROPERTY_TIMEOUT_MS);

  it('answers any form text or bytes with a 4xx that stores nothing, never a 5xx', async () => {
    const withToken = hostileString.map((text) => `token=${encodeURIComponent(t.session.token)}&encryptedMetaData=${text}`);
    const body = fc.oneof(hostileString, withToken, fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)));
    await fc.assert(
      fc.asyncProperty(body, fc.constantFrom('/a/api/signals', '/a/api/signals/fallback'), async (payload, url) => {
        const fallbacks = t.count('SELECT COUNT(*) FROM signal_fallbacks');
        await checkIngest(t, () => post(url, payload), () =>
          url.endsWith('fallback') && t.count('SELECT COUNT(*) FROM signal_fallbacks') === fallbacks + 1 ? null : 'an unreadable body was accepted',
        );
      }),
      { numRuns: PROPERTY_RUNS },
    );
  }, PROPERTY_TIMEOUT_MS);
});
