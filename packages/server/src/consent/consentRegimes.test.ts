import { afterEach, describe, expect, it } from 'vitest';
import { createSqliteStore } from '../storage/sqlite/createSqliteStore.js';
import { consoleAuth, createTestApp } from '../testing/testApp.js';
import type { TestApp } from '../testing/testApp.js';
import type { ConsentData, ConsentSummary } from './contract.js';
import { regimeSession } from './testing/regimeSession.js';
import { USNAT_URL } from './usnatRoutes.js';
import type { ConsentBootstrap } from './bootstrapContract.js';

const TCF_URL = '/i/api/iabtcf/v1/consent';
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});
const app = async (options: Parameters<typeof createTestApp>[0] = {}) => (t = await createTestApp(options)).app;

describe('the regime of a page request', () => {
  it.each([
    ['FR', 'tcf', true],
    ['GB', 'tcf', true],
    ['CH', 'tcf', true],
    ['US', 'usnat', false],
    ['JP', 'none', false],
    ['BR', 'none', false],
  ] as const)('%s: regime %s, GDPR applies: %s (the page and GET consent agree)', async (country, regime, applies) => {
    const s = await regimeSession(await app(), { 'x-geo-country': country });
    const bootstrap = s.bootstrap as ConsentBootstrap;
    expect(bootstrap).toMatchObject({ regime, country, gpc: false });
    const tcf = (await s.get(TCF_URL)).json<ConsentData>();
    expect(tcf).toMatchObject({ gdprApplies: applies, showUi: applies });
    const { tcString: _fresh, ...rest } = tcf; // an undecided string is encoded per request, with its own time
    expect(bootstrap.tcf).toMatchObject(rest);
    expect(bootstrap.tcf.tcString).toMatch(/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/);
    expect('usnat' in bootstrap).toBe(regime === 'usnat');
  });

  it('is the default country’s without a geo header, or with one that is not a country (ES, or TARMAC_DEFAULT_COUNTRY)', async () => {
    const spain = await app();
    for (const headers of [{}, { 'x-geo-country': 'XX' }, { 'x-geo-country': '"><script>' }] as Record<string, string>[]) {
      expect((await regimeSession(spain, headers)).bootstrap).toMatchObject({ regime: 'tcf', country: 'ES' });
    }
    await t!.close();
    const us = await app({ geo: { countryHeader: 'x-geo-country', regionHeader: 'x-geo-region', defaultCountry: 'US' } });
    const s = await regimeSession(us, { 'x-geo-country': 'T1', 'x-geo-region': 'CA' });
    expect(s.bootstrap).toEqual(expect.objectContaining({ regime: 'usnat', country: 'US' }));
    expect(s.bootstrap).not.toHaveProperty('region');
  });

  it('reads the headers the CDN is configured to send, and no others', async () => {
    const cloudfront = await app({ geo: { countryHeader: 'cloudfront-viewer-country', regionHeader: 'cloudfront-viewer-country-region', defaultCountry: 'ES' } });
    const us = await regimeSession(cloudfront, { 'cloudfront-viewer-country': 'US', 'cloudfront-viewer-country-region': 'TX' });
    expect(us.bootstrap).toMatchObject({ regime: 'usnat', country: 'US', region: 'TX' });
    const spoofed = await regimeSession(cloudfront, { 'x-geo-country': 'US' });
    expect(spoofed.bootstrap).toMatchObject({ regime: 'tcf', country: 'ES' });
    expect((await spoofed.get(TCF_URL)).json()).toMatchObject({ gdprApplies: true });
  });

  it('outside the TCF regime a saved TCF choice is answered with GDPR not applying, and stored with its country', async () => {
    const s = await regimeSession(await app(), { 'x-geo-country': 'JP' });
    const saved = await s.post(TCF_URL, { choice: 'accept_all' });
    expect(saved.json()).toMatchObject({ gdprApplies: false, showUi: false });
    expect(await t!.storage.query.consent.latestConsentChoice(s.cookies.tarmac_consent!)).toMatchObject({ country: 'JP' });
  });
});

describe('the page’s consent bootstrap', () => {
  it('comes right after the meta tags, before anything the build put in <head>', async () => {
    const s = await regimeSession(await app(), { 'x-geo-country': 'ES' });
    expect(s.page.body).toMatch(/^<!doctype html><html><head><meta name="form-token" content="[^"]+"><meta name="r9-version" content="[^"]+"><script type="application\/json" id="tarmac-consent">[^<]+<\/script><title>/);
  });

  it('gives a returning visitor exactly what the consent endpoints answer, TC string included', async () => {
    const s = await regimeSession(await app(), { 'x-geo-country': 'US', 'x-geo-region': 'CA' });
    await s.post(TCF_URL, { choice: 'reject_all' });
    await s.post(USNAT_URL, { saleOptOut: true, sharingOptOut: true, targetedAdvertisingOptOut: false });
    const { bootstrap } = await s.reload();
    expect(bootstrap).toEqual({
      regime: 'usnat',
      country: 'US',
      region: 'CA',
      gpc: false,
      tcf: (await s.get(TCF_URL)).json(),
      usnat: (await s.get(USNAT_URL)).json(),
    });
    expect((bootstrap as ConsentBootstrap).usnat).toMatchObject({ decided: true, saleOptOut: true, targetedAdvertisingOptOut: false });
  });

  it('says whether the page request carried Sec-GPC: 1, and a US visitor’s opt-outs follow it', async () => {
    const s = await regimeSession(await app(), { 'x-geo-country': 'US', 'sec-gpc': '1' });
    expect(s.bootstrap).toMatchObject({
      gpc: true,
      usnat: { decided: true, saleOptOut: true, sharingOptOut: true, targetedAdvertisingOptOut: true, gpc: true, updatedAt: null },
    });
    const eu = await regimeSession(t!.app, { 'x-geo-country': 'DE', 'sec-gpc': '1' });
    expect(eu.bootstrap).toMatchObject({ regime: 'tcf', gpc: true });
    expect(eu.bootstrap).not.toHaveProperty('usnat');
  });

  it('is left out, and the page still served, when the store cannot read the visitor’s choices', async () => {
    const store = createSqliteStore({ file: ':memory:' });
    const failing = () => Promise.reject(new Error('store gone'));
    const site = await app({ storage: { ...store, query: { ...store.query, consent: { ...store.query.consent, latestConsentChoice: failing, latestUsnatChoice: failing } } } });
    const page = await site.inject({ method: 'GET', url: '/', headers: { accept: 'text/html', 'x-geo-country': 'US', cookie: `tarmac_consent=${'v'.repeat(32)}` } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<meta name="form-token"');
    expect(page.body).not.toContain('tarmac-consent');
  });

  it('keeps the page’s CSP the built file’s: the data block is not a script that runs', async () => {
    const site = await app();
    const plain = await site.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    const us = await regimeSession(site, { 'x-geo-country': 'US', 'sec-gpc': '1' });
    expect(us.page.headers['content-security-policy']).toBe(plain.headers['content-security-policy']);
    expect(String(us.page.headers['content-security-policy'])).not.toContain('sha256');
  });
});

describe('the console’s consent summary per country', () => {
  it('counts TCF choices and US opt-outs with GPC per country, busiest first', async () => {
    const site = await app();
    const us1 = await regimeSession(site, { 'x-geo-country': 'US', 'sec-gpc': '1' });
    await us1.post(USNAT_URL, { saleOptOut: true, sharingOptOut: true, targetedAdvertisingOptOut: true, gpc: true });
    const us2 = await regimeSession(site, { 'x-geo-country': 'US' });
    await us2.post(USNAT_URL, { saleOptOut: false, sharingOptOut: true, targetedAdvertisingOptOut: false });
    await us2.post(TCF_URL, { choice: 'accept_all' });
    const fr = await regimeSession(site, { 'x-geo-country': 'FR' });
    await fr.post(TCF_URL, { choice: 'reject_all' });
    const summary = (await site.inject({ method: 'GET', url: '/console/api/consent/summary?days=1', headers: consoleAuth })).json<ConsentSummary>();
    expect(summary.countries).toEqual([
      {
        country: 'US',
        tcf: { visitors: 1, choices: { accept_all: 1, reject_all: 0, custom: 0 } },
        usnat: { visitors: 2, saleOptOut: 1, sharingOptOut: 2, targetedAdvertisingOptOut: 1, gpc: 1 },
      },
      {
        country: 'FR',
        tcf: { visitors: 1, choices: { accept_all: 0, reject_all: 1, custom: 0 } },
        usnat: { visitors: 0, saleOptOut: 0, sharingOptOut: 0, targetedAdvertisingOptOut: 0, gpc: 0 },
      },
    ]);
  });
});
