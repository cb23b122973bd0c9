import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { readServerConfig } from '../config/serverConfig.js';
import { consoleAuth, postJson, testAppForEachTest } from '../testing/testApp.js';
import { registerSecurityHeaders, isConsolePath } from './securityHeaders.js';

const t = testAppForEachTest();

const STUB = '(()=>{window.__tcfapi=()=>{}})();\n';
const sha256 = (text: string) => createHash('sha256').update(text).digest('base64');
const get = (url: string, headers: Record<string, string> = { accept: 'text/html' }) =>
  t.app.inject({ method: 'GET', url, headers });

/** The directives of a CSP header, by name. */
function csp(response: LightMyRequestResponse): Map<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name = '', ...values]) => [name, values]),
  );
}

function expectCommonHeaders(response: LightMyRequestResponse): void {
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBeDefined();
  expect(response.headers['x-frame-options']).toBeDefined();
  expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
  expect(csp(response).size).toBeGreaterThan(0);
  expect(response.headers['strict-transport-security']).toBeUndefined();
}

describe('security headers', () => {
  it('allows the site page only its own inline stub, by hash', async () => {
    writeFileSync(join(t.siteDir, 'index.html'), `<!doctype html><html><head><script>${STUB}</script><script type="module" src="/assets/app-abc123.js"></script></head></html>`);
    const page = await get('/');
    expectCommonHeaders(page);
    const policy = csp(page);
    expect(policy.get('script-src')).toEqual(["'self'", `'sha256-${sha256(STUB)}'`]);
    expect(String(page.headers['content-security-policy'])).not.toContain('unsafe-inline');
    expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.has('upgrade-insecure-requests')).toBe(false);
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // The same policy on the SPA fallback: a deep link is the same document.
    expect(csp(await get('/flights/search')).get('script-src')).toEqual(policy.get('script-src'));
  });

  it('gives the console a policy that forbids framing and opener access', async () => {
    const page = await get('/console/');
    expectCommonHeaders(page);
    const policy = csp(page);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
  });

  it('puts headers on API replies, errors and static files', async () => {
    const replies = {
      consoleApi: await get('/console/api/session', consoleAuth),
      consoleDenied: await get('/console/api/session', {}),
      ingest: await postJson(t.app, '/a/api/analytics/events', { nonsense: true }),
      badJson: await postJson(t.app, '/log/client/messages', '{"product":'),
      notFound: await get('/a/api/nothing', {}),
      asset: await get('/assets/app-abc123.js', {}),
    };
    expect(replies.consoleApi.statusCode).toBe(200);
    expect(replies.consoleDenied.statusCode).toBe(401);
    expect(replies.ingest.statusCode).toBe(400);
    expect(replies.badJson.statusCode).toBe(400);
    expect(replies.notFound.statusCode).toBe(404);
    for (const [name, response] of Object.entries(replies)) {
      expect(response.headers['x-content-type-options'], name).toBe('nosniff');
      // Not a document: nothing may load in it if it is ever opened as one.
      expect(csp(response).get('default-src'), name).toEqual(["'none'"]);
    }
    expect(replies.consoleApi.headers['x-frame-options']).toBe('DENY');
    expect(replies.notFound.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('puts them on replies to malformed URLs, which Fastify answers before any hook', async () => {
    for (const url of ['/%', '/console/api/logs/groups/%ff']) {
      const response = await get(url, {});
      expect(response.statusCode, url).toBe(400);
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(csp(response).get('default-src'), url).toEqual(["'none'"]);
    }
    expect((await get('/console/api/logs/groups/%ff', {})).headers['x-frame-options']).toBe('DENY');
  });

  it('gives a static HTML document the CSP of its own inline code', async () => {
    writeFileSync(join(t.siteDir, 'check.html'), `<html><head><script>${STUB}</script></head></html>`);
    const page = await get('/check.html');
    expect(page.statusCode).toBe(200);
    expect(csp(page).get('script-src')).toEqual(["'self'", `'sha256-${sha256(STUB)}'`]);
  });

  it('allows the missing-build page its own style and nothing else', async () => {
    await t.rebuild({ siteDir: join(t.siteDir, 'nowhere') });
    const page = await get('/');
    expect(page.statusCode).toBe(503);
    const style = /<style>([\s\S]*?)<\/style>/.exec(page.body)?.[1] ?? '';
    expect(csp(page).get('style-src')).toEqual(["'self'", `'sha256-${sha256(style)}'`]);
    expect(page.body).not.toMatch(/\sstyle="/);
  });

  it('adds HSTS and upgrade-insecure-requests only when the site is on HTTPS', async () => {
    await t.rebuild({ https: true });
    const page = await get('/');
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(csp(page).has('upgrade-insecure-requests')).toBe(true);
    expect((await get('/console/api/session', consoleAuth)).headers['strict-transport-security']).toBe('max-age=31536000');
  });
});

describe('registerSecurityHeaders', () => {
  it('covers replies made by hooks that ran first, and offers the set for hook-less replies', async () => {
    const app = Fastify();
    // Like a rate limit or the shutdown drain: answers in onRequest, before any later hook.
    app.addHook('onRequest', async (_request, reply) => reply.code(429).send({ statusCode: 429 }));
    await registerSecurityHeaders(app, { https: false });
    app.get('/console/api/x', async () => ({}));
    const limited = await app.inject({ method: 'GET', url: '/console/api/x' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['x-frame-options']).toBe('DENY');
    expect(limited.headers['x-content-type-options']).toBe('nosniff');
    expect(app.securityHeadersFor('/console/api/x')).toMatchObject({ 'x-frame-options': 'DENY', 'referrer-policy': 'no-referrer' });
    expect(app.securityHeadersFor('/%')).toMatchObject({ 'x-frame-options': 'SAMEORIGIN', 'x-content-type-options': 'nosniff' });
    await app.close();
  });
});

describe('TARMAC_HTTPS', () => {
  it('turns HSTS on only when it says so, and refuses a value it cannot read', () => {
    expect(readServerConfig({}).https).toBe(false);
    expect(readServerConfig({ TARMAC_HTTPS: '1' }).https).toBe(true);
    expect(readServerConfig({ TARMAC_HTTPS: 'TRUE' }).https).toBe(true);
    expect(readServerConfig({ TARMAC_HTTPS: '0' }).https).toBe(false);
    expect(() => readServerConfig({ TARMAC_HTTPS: 'yes please' })).toThrow(/TARMAC_HTTPS/);
  });
});

describe('isConsolePath', () => {
  it('tells console paths from the site', () => {
    const urls = ['/console', '/console/', '/console?x=1', '/console/api/logs', '/consoles', '/a/console/', '/'];
    expect(urls.filter(isConsolePath)).toEqual(['/console', '/console/', '/console?x=1', '/console/api/logs']);
  });
});
