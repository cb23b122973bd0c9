import { describe, expect, it } from 'vitest';
import { postJson, testAppForEachTest } from '../testing/testApp.js';
import { writeTestBuild } from './testing/testBuild.js';

const t = testAppForEachTest();

const post = (body: unknown, headers: Record<string, string> = {}) =>
  postJson(t.app, '/a/api/dynamic/import', body, { 'x-requested-with': 'XMLHttpRequest', ...headers });

describe('POST /a/api/dynamic/import', () => {
  it('answers a known component with its assets and strings in the locale asked', async () => {
    writeTestBuild(t.siteDir);
    const response = await post({ componentPath: 'widgets/deals', locale: 'es', loadedComponents: [], mappings: {}, r9version: '2026.1.0' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toMatchObject({
      scripts: ['/assets/cards-1.js', '/assets/deals-1.js'],
      stringMap: { 'deals.title': 'Ofertas' },
      live: true,
    });
  });

  it('uses Accept-Language when the body names no locale', async () => {
    writeTestBuild(t.siteDir);
    const response = await post({ componentPath: 'widgets/deals' }, { 'accept-language': 'es-ES,es;q=0.9' });
    expect(response.json().stringMap).toEqual({ 'deals.title': 'Ofertas' });
  });

  it('refuses unknown components and bad bodies with a reason', async () => {
    writeTestBuild(t.siteDir);
    const unknown = await post({ componentPath: 'widgets/none' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'TARMAC_UNKNOWN_COMPONENT', reason: expect.stringContaining('widgets/none') });
    const bad = await post({ componentPath: '../etc/passwd?', loadedComponents: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('TARMAC_BAD_BODY');
    expect((await post('{nope')).statusCode).toBe(400);
  });

  it('says so when the site was built without a manifest', async () => {
    const response = await post({ componentPath: 'widgets/deals' });
    expect(response.statusCode).toBe(503);
    expect(response.json().code).toBe('TARMAC_NO_BUILD');
  });

  it('refuses cross-origin requests', async () => {
    writeTestBuild(t.siteDir);
    const response = await post({ componentPath: 'widgets/deals' }, { origin: 'https://evil.test', host: 'localhost' });
    expect(response.statusCode).toBe(403);
  });
});
