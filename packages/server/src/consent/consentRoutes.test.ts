import { TCString } from '@iabtechlabtcf/core';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqliteStore } from '../storage/sqlite/createSqliteStore.js';
import { consoleAuth, createTestApp } from '../testing/testApp.js';
import type { TestApp } from '../testing/testApp.js';
import type { ConsentData, ConsentSummary, ConsentVendorList } from './contract.js';
import { DEFAULT_GVL_PATH, readGvlFile } from './gvlFile.js';

const URL = '/i/api/iabtcf/v1/consent';
const gvl = readGvlFile(DEFAULT_GVL_PATH);
const vendorIds = Object.keys(gvl.vendors).map(Number);
let t: TestApp;
let dir: string;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tarmac-consent-'));
  t = await createTestApp({ storage: createSqliteStore({ file: join(dir, 'db.sqlite') }) });
});
afterEach(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A session as a browser gets it: load the page, read the meta tag and keep the cookie. */
async function session(app = t.app) {
  const page = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
  const token = /<meta name="form-token" content="([^"]+)">/.exec(page.body)?.[1] ?? '';
  const sid = page.cookies.find((c) => c.name === 'tarmac_sid')?.value ?? '';
  const cookies: Record<string, string> = { tarmac_sid: sid };
  const headers = () => ({
    'x-csrf': token,
    'content-type': 'application/json',
    cookie: Object.entries(cookies).map(([k, v]) => `${k}=${v}`).join('; '),
  });
  return {
    cookies,
    get: () => app.inject({ method: 'GET', url: URL, headers: headers() }),
    post: (body: unknown) => app.inject({ method: 'POST', url: URL, headers: headers(), payload: JSON.stringify(body) }),
  };
}

describe('consent endpoints: form token', () => {
  it('refuse GET and POST without a valid X-CSRF token (403), storing nothing', async () => {
    const s = await session();
    const cookie = `tarmac_sid=${s.cookies.tarmac_sid}`;
    for (const headers of [{ cookie }, { cookie, 'x-csrf': 'wrong' }, { 'x-csrf': 'x'.repeat(43) }]) {
      const get = await t.app.inject({ method: 'GET', url: URL, headers });
      expect(get.statusCode).toBe(403);
      expect(get.json()).toMatchObject({ code: 'TARMAC_BAD_FORM_TOKEN' });
      const post = await t.app.inject({ method: 'POST', url: URL, headers: { ...headers, 'content-type': 'application/json' }, payload: '{"choice":"accept_all"}' });
      expect(post.statusCode).toBe(403);
    }
    expect(await t.storage.query.consent.consentSummary({ since: 0, until: Date.now() + 1e6 })).toEqual([]);
  });
});

describe('consent endpoints: choices', () => {
  it('a new visitor gets "no choice yet": the UI flag and a TC string with no consents', async () => {
    const s = await session();
    const response = await s.get();
    expect(response.statusCode).toBe(200);
    const data = response.json<ConsentData>();
    expect(data).toMatchObject({ cmpId: 300, cmpVersion: 1, gdprApplies: true, tcfPolicyVersion: 5, gvlVersion: gvl.vendorListVersion, showUi: true });
    const model = TCString.decode(data.tcString);
    expect(model.purposeConsents.size).toBe(0);
    expect(model.vendorConsents.size).toBe(0);
    expect(model.vendorLegitimateInterests.size).toBeGreaterThan(0);
  });

  it('accept all: stores the choice with its time and TC string, and the returning visitor is not asked again', async () => {
    const s = await session();
    const before = Date.now();
    const saved = await s.post({ choice: 'accept_all', language: 'es' });
    expect(saved.statusCode).toBe(200);
    const data = saved.json<ConsentData>();
    expect(data.showUi).toBe(false);
    const model = TCString.decode(data.tcString);
    expect([...model.purposeConsents.values()]).toEqual(Object.keys(gvl.purposes).map(Number));
    expect([...model.vendorConsents.values()].sort()).toEqual(vendorIds.filter((id) => gvl.vendors[id]!.purposes.length).sort());
    const cookie = saved.cookies.find((c) => c.name === 'tarmac_consent');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    s.cookies.tarmac_consent = cookie!.value;

    const stored = await t.storage.query.consent.latestConsentChoice(cookie!.value);
    expect(stored).toMatchObject({ choice: 'accept_all', tcString: data.tcString, language: 'es', gvlVersion: gvl.vendorListVersion, policyVersion: 5 });
    expect(stored!.createdAt).toBeGreaterThanOrEqual(before);

    const again = (await s.get()).json<ConsentData>();
    expect(again).toMatchObject({ showUi: false, tcString: data.tcString });
  });

  it('keeps the choice across a restart (durable store)', async () => {
    const s = await session();
    const saved = await s.post({ choice: 'reject_all' });
    const visitor = saved.cookies.find((c) => c.name === 'tarmac_consent')!.value;
    await t.close();
    t = await createTestApp({ storage: createSqliteStore({ file: join(dir, 'db.sqlite') }) });
    const s2 = await session();
    s2.cookies.tarmac_consent = visitor;
    expect((await s2.get()).json<ConsentData>()).toMatchObject({ showUi: false, tcString: saved.json<ConsentData>().tcString });
  });

  it('custom: encodes exactly the chosen purposes, special features and vendors', async () => {
    const s = await session();
    const vendor = vendorIds[1]!;
    const data = (await s.post({ choice: 'custom', purposes: [1, 7], specialFeatures: [2], vendors: [vendor] })).json<ConsentData>();
    const model = TCString.decode(data.tcString);
    expect([...model.purposeConsents.values()]).toEqual([1, 7]);
    expect([...model.specialFeatureOptins.values()]).toEqual([2]);
    expect([...model.vendorConsents.values()]).toEqual([vendor]);
  });

  const bad: [string, unknown, RegExp][] = [
    ['no choice', {}, /choice/],
    ['an unknown choice', { choice: 'maybe' }, /choice/],
    ['purposes that are not integers', { choice: 'custom', purposes: ['1'] }, /purposes/],
    ['a purpose outside the vendor list', { choice: 'custom', purposes: [12] }, /12 is not in vendor list/],
    ['a vendor outside the vendor list', { choice: 'custom', vendors: [4] }, /4 is not in vendor list/],
    ['lists with accept all', { choice: 'accept_all', vendors: [vendorIds[0]] }, /only allowed with choice "custom"/],
    ['an unknown language', { choice: 'reject_all', language: 'fr' }, /language/],
    ['not an object', [1, 2], /object/],
  ];
  for (const [label, body, reason] of bad) {
    it(`refuses ${label} with a 400 and a reason, storing nothing`, async () => {
      const s = await session();
      const response = await s.post(body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'TARMAC_BAD_BODY', reason: expect.stringMatching(reason) });
      expect(response.cookies.find((c) => c.name === 'tarmac_consent')).toBeUndefined();
      expect(await t.storage.query.consent.consentSummary({ since: 0, until: Date.now() + 1e6 })).toEqual([]);
    });
  }
});

describe('vendor list and console summary', () => {
  it('lists the vendors, purposes and special features for the banner', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/i/api/iabtcf/v1/vendors' })).json<ConsentVendorList>();
    expect(list.vendors.map((v) => v.id)).toEqual(vendorIds);
    expect(list.purposes).toHaveLength(11);
    expect(list.specialFeatures).toHaveLength(2);
  });

  it('counts each visitor once a day by their last choice, and per purpose; behind the console token', async () => {
    const a = await session();
    const b = await session();
    const first = await a.post({ choice: 'reject_all' });
    a.cookies.tarmac_consent = first.cookies.find((c) => c.name === 'tarmac_consent')!.value;
    await a.post({ choice: 'custom', purposes: [1] });
    await b.post({ choice: 'accept_all' });
    expect((await t.app.inject({ method: 'GET', url: '/console/api/consent/summary' })).statusCode).toBe(401);
    const summary = (await t.app.inject({ method: 'GET', url: '/console/api/consent/summary?days=7', headers: consoleAuth })).json<ConsentSummary>();
    expect(summary.days).toHaveLength(1);
    expect(summary.days[0]).toMatchObject({ visitors: 2, choices: { accept_all: 1, reject_all: 0, custom: 1 } });
    expect(summary.days[0]!.purposes[1]).toBe(2);
    expect(summary.days[0]!.purposes[2]).toBe(1);
    expect(summary.purposes).toHaveLength(11);
    const badDays = await t.app.inject({ method: 'GET', url: '/console/api/consent/summary?days=0', headers: consoleAuth });
    expect(badDays.statusCode).toBe(400);
    // The one window shape of every view: today's choices are in any window that touches today…
    const now = Date.now();
    const today = (await t.app.inject({ url: `/console/api/consent/summary?from=${now - 60_000}&to=${now}`, headers: consoleAuth })).json<ConsentSummary>();
    expect(today.days).toEqual(summary.days);
    // …and in none that ends before today began.
    const startOfToday = Math.floor(now / 86_400_000) * 86_400_000;
    const before = (await t.app.inject({ url: `/console/api/consent/summary?from=${startOfToday - 3 * 86_400_000}&to=${startOfToday}`, headers: consoleAuth })).json<ConsentSummary>();
    expect(before.days).toEqual([]);
  });
});

describe('vendor list file', () => {
  it('can be replaced by option, and a file that is not a GVL v3 stops the server', async () => {
    const other = join(dir, 'other.json');
    writeFileSync(other, JSON.stringify({ ...gvl, vendorListVersion: 77 }));
    const custom = await createTestApp({ consent: { gvlPath: other } });
    expect((await session(custom.app).then((s) => s.get())).json<ConsentData>().gvlVersion).toBe(77);
    await custom.close();
    writeFileSync(other, '{"vendors": {}}');
    await expect(createTestApp({ consent: { gvlPath: other } })).rejects.toThrow(/not a GVL v3 file/);
  });
});
