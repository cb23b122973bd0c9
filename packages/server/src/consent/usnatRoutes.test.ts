import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqliteStore } from '../storage/sqlite/createSqliteStore.js';
import { createTestApp } from '../testing/testApp.js';
import type { TestApp } from '../testing/testApp.js';
import { regimeSession } from './testing/regimeSession.js';
import type { UsnatData } from './usnatContract.js';
import { USNAT_URL } from './usnatRoutes.js';

const US = { 'x-geo-country': 'US', 'x-geo-region': 'CA' };
const undecided: UsnatData = { decided: false, saleOptOut: false, sharingOptOut: false, targetedAdvertisingOptOut: false, gpc: false, updatedAt: null };
const allOut = { saleOptOut: true, sharingOptOut: true, targetedAdvertisingOptOut: true };
let t: TestApp;
let dir: string;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tarmac-usnat-'));
  t = await createTestApp({ storage: createSqliteStore({ file: join(dir, 'db.sqlite') }) });
});
afterEach(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const storedFor = (visitor: string | undefined) => t.storage.query.consent.latestUsnatChoice(visitor ?? 'none');
const nothingStored = async () => expect(await t.storage.query.consent.consentCountries({ since: 0, until: Date.now() + 1e6 })).toEqual([]);

describe('US choices: form token and origin', () => {
  it('refuse GET and POST without this session’s X-CSRF token (403), storing nothing', async () => {
    const s = await regimeSession(t.app, US);
    for (const token of ['', 'wrong']) {
      const get = await s.get(USNAT_URL, { 'x-csrf': token });
      expect(get.statusCode).toBe(403);
      expect(get.json()).toMatchObject({ code: 'TARMAC_BAD_FORM_TOKEN' });
      expect((await s.post(USNAT_URL, allOut, { 'x-csrf': token })).statusCode).toBe(403);
    }
    await nothingStored();
  });

  it('refuse a POST from another origin (403), storing nothing', async () => {
    const s = await regimeSession(t.app, US);
    const reply = await s.post(USNAT_URL, allOut, { origin: 'https://evil.example' });
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toMatchObject({ code: 'TARMAC_CROSS_ORIGIN' });
    await nothingStored();
  });
});

describe('US choices: body', () => {
  const bad: [string, unknown, RegExp][] = [
    ['no opt-outs', {}, /saleOptOut/],
    ['a missing opt-out', { saleOptOut: true, sharingOptOut: true }, /targetedAdvertisingOptOut/],
    ['a string for a boolean', { ...allOut, saleOptOut: 'true' }, /saleOptOut/],
    ['an unknown field', { ...allOut, sensitiveData: true }, /sensitiveData/],
    ['an unknown language', { ...allOut, language: 'fr' }, /language/],
    ['a non-boolean gpc', { ...allOut, gpc: 1 }, /gpc/],
    ['not an object', [true], /object/],
  ];
  for (const [label, body, reason] of bad) {
    it(`refuses ${label} with a coded 400 naming it, storing nothing`, async () => {
      const s = await regimeSession(t.app, US);
      const reply = await s.post(USNAT_URL, body);
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toMatchObject({ code: 'TARMAC_BAD_BODY' });
      expect(reply.json().reason).toMatch(reason);
      expect(reply.cookies.find((c) => c.name === 'tarmac_consent')).toBeUndefined();
      await nothingStored();
    });
  }

  it('refuses a reserved key with a 400, storing nothing', async () => {
    const s = await regimeSession(t.app, US);
    const reply = await s.post(USNAT_URL, { ...allOut, constructor: { prototype: 1 } });
    expect(reply.statusCode).toBe(400);
    await nothingStored();
  });
});

describe('US choices: storing and reading', () => {
  it('a new visitor has made no choice yet', async () => {
    const s = await regimeSession(t.app, US);
    const reply = await s.get(USNAT_URL);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(reply.json()).toEqual(undecided);
  });

  it('stores an opt-out with the request’s country and region, and the returning visitor keeps it', async () => {
    const s = await regimeSession(t.app, US);
    const before = Date.now();
    const saved = await s.post(USNAT_URL, { saleOptOut: true, sharingOptOut: false, targetedAdvertisingOptOut: true, language: 'es' }, { 'user-agent': 'UA/1' });
    expect(saved.statusCode).toBe(200);
    const data = saved.json<UsnatData>();
    expect(data).toMatchObject({ decided: true, saleOptOut: true, sharingOptOut: false, targetedAdvertisingOptOut: true, gpc: false });
    expect(data.updatedAt).toBeGreaterThanOrEqual(before);
    const cookie = saved.cookies.find((c) => c.name === 'tarmac_consent');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(await storedFor(cookie?.value)).toMatchObject({ country: 'US', region: 'CA', language: 'es', userAgent: 'UA/1', gpc: false, createdAt: data.updatedAt });
    expect((await s.get(USNAT_URL)).json()).toEqual(data);
  });

  it('keeps the choice across a restart (durable store), beside the visitor’s TCF choice under the same cookie', async () => {
    const s = await regimeSession(t.app, US);
    const saved = (await s.post(USNAT_URL, allOut)).json<UsnatData>();
    await s.post('/i/api/iabtcf/v1/consent', { choice: 'reject_all' });
    await t.close();
    t = await createTestApp({ storage: createSqliteStore({ file: join(dir, 'db.sqlite') }) });
    const again = await regimeSession(t.app, US);
    again.cookies.tarmac_consent = s.cookies.tarmac_consent!;
    expect((await again.get(USNAT_URL)).json()).toEqual(saved);
    expect(await t.storage.query.consent.latestConsentChoice(s.cookies.tarmac_consent!)).toMatchObject({ choice: 'reject_all', country: 'US' });
  });

  it('lets the visitor change their mind: the newest choice stands', async () => {
    const s = await regimeSession(t.app, US);
    await s.post(USNAT_URL, allOut);
    const second = await s.post(USNAT_URL, { saleOptOut: false, sharingOptOut: false, targetedAdvertisingOptOut: false });
    expect((await s.get(USNAT_URL)).json()).toEqual(second.json());
    expect(second.json()).toMatchObject({ decided: true, saleOptOut: false });
  });
});

describe('US choices: Global Privacy Control', () => {
  it('with Sec-GPC: 1 and nothing stored, answers all three opt-outs without a click, storing nothing', async () => {
    const s = await regimeSession(t.app, { ...US, 'sec-gpc': '1' });
    expect((await s.get(USNAT_URL)).json()).toEqual({ ...undecided, ...allOut, decided: true, gpc: true });
    await nothingStored();
  });

  it('outweighs a stored opt-in while the browser sends it', async () => {
    const s = await regimeSession(t.app, US);
    await s.post(USNAT_URL, { saleOptOut: false, sharingOptOut: false, targetedAdvertisingOptOut: false });
    expect((await s.get(USNAT_URL, { 'sec-gpc': '1' })).json()).toMatchObject({ ...allOut, gpc: true, decided: true });
    expect((await s.get(USNAT_URL)).json()).toMatchObject({ saleOptOut: false, gpc: false });
  });

  it('stored once seen (header or the page’s navigator.globalPrivacyControl), it opts out on later requests too', async () => {
    for (const [body, headers] of [
      [{ ...allOut, gpc: true }, {}],
      [{ saleOptOut: false, sharingOptOut: false, targetedAdvertisingOptOut: false }, { 'sec-gpc': '1' }],
    ] as const) {
      const s = await regimeSession(t.app, US);
      const saved = await s.post(USNAT_URL, body, headers);
      expect(saved.json()).toMatchObject({ ...allOut, gpc: true, decided: true });
      expect(await storedFor(s.cookies.tarmac_consent)).toMatchObject({ ...allOut, gpc: true });
      expect((await s.get(USNAT_URL)).json()).toMatchObject({ ...allOut, gpc: true });
    }
  });
});
