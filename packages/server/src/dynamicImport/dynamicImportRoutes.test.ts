import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../testing/testApp.js';
import { createTestApp } from '../testing/testApp.js';
import { writeTestBuild } from './testBuild.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const post = (body: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/a/api/dynamic/import',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });

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
