import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { testAppForEachTest } from '../testing/testApp.js';

const t = testAppForEachTest();

const page = (url: string, headers: Record<string, string> = { accept: 'text/html,*/*' }) =>
  t.app.inject({ method: 'GET', url, headers });
const metaContent = (html: string, name: string) =>
  new RegExp(`<meta name="${name}" content="([^"]*)">`).exec(html)?.[1];

describe('site hosting', () => {
  it('serves index.html with a form token bound to a new session cookie', async () => {
    const response = await page('/');
    expect(response.statusCode).toBe(200);
    // Revalidated, never shared, and unlike no-store allowed into the back/forward cache.
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(metaContent(response.body, 'r9-version')).toBe('2026.1.0');
    const token = metaContent(response.body, 'form-token') ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = response.cookies.find((c) => c.name === 'tarmac_sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    const request = (sid: string | undefined) => ({ cookies: sid ? { tarmac_sid: sid } : {} }) as unknown as FastifyRequest;
    expect(t.app.verifyFormToken(request(cookie?.value), token)).toBe(true);
    expect(t.app.verifyFormToken(request(cookie?.value), token.slice(1) + 'A')).toBe(false);
    expect(t.app.verifyFormToken(request(undefined), token)).toBe(false);
    expect(t.app.verifyFormToken(request(cookie?.value), undefined)).toBe(false);
  });

  it('keeps the session of a returning visitor', async () => {
    const first = await page('/');
    const sid = first.cookies.find((c) => c.name === 'tarmac_sid')?.value ?? '';
    const again = await page('/', { accept: 'text/html', cookie: `tarmac_sid=${sid}` });
    expect(again.cookies.find((c) => c.name === 'tarmac_sid')).toBeUndefined();
    expect(metaContent(again.body, 'form-token')).toBe(metaContent(first.body, 'form-token'));
  });

  it('serves hashed assets with a long cache and other files revalidated', async () => {
    const asset = await page('/assets/app-abc123.js', { accept: '*/*' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("demo")');
    expect(asset.headers['cache-control']).toContain('immutable');
    const other = await page('/favicon.txt', { accept: '*/*' });
    expect(other.headers['cache-control']).toBe('no-cache');
  });

  it('serves the build\'s brotli or gzip copy of an asset by Accept-Encoding', async () => {
    const file = join(t.siteDir, 'assets', 'app-abc123.js');
    const source = readFileSync(file);
    writeFileSync(`${file}.br`, brotliCompressSync(source));
    writeFileSync(`${file}.gz`, gzipSync(source));
    const asset = (encoding?: string) =>
      page('/assets/app-abc123.js', encoding === undefined ? { accept: '*/*' } : { accept: '*/*', 'accept-encoding': encoding });

    const br = await asset('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(source.toString());
    const gz = await asset('gzip, deflate');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(source.toString());
    const plain = await asset();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(source.toString());
    for (const response of [br, gz, plain]) {
      expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    // The copies are encodings of the asset, not files anyone fetches by name.
    expect((await page('/assets/app-abc123.js.br', { accept: '*/*' })).statusCode).toBe(404);
  });

  it('compresses large JSON replies for clients that accept it', async () => {
    const vendors = await page('/i/api/iabtcf/v1/vendors', { accept: 'application/json', 'accept-encoding': 'gzip' });
    expect(vendors.statusCode).toBe(200);
    expect(vendors.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(vendors.rawPayload).toString())).toEqual((await page('/i/api/iabtcf/v1/vendors', { accept: '*/*' })).json());
  });

  it('falls back to the rendered index.html for unknown page paths only', async () => {
    const deep = await page('/flights/search?from=MAD');
    expect(deep.statusCode).toBe(200);
    expect(metaContent(deep.body, 'form-token')).toBeDefined();
    const raw = await page('/index.html');
    expect(metaContent(raw.body, 'form-token')).toBeDefined();
    const script = await page('/assets/missing.js', { accept: '*/*' });
    expect(script.statusCode).toBe(404);
    expect(script.json().code).toBe('TARMAC_NOT_FOUND');
    const api = await page('/a/api/nothing');
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('TARMAC_NOT_FOUND');
  });

  it('serves the console app and its assets under /console/', async () => {
    const index = await page('/console/');
    expect(index.body).toContain('<title>Console</title>');
    expect(index.headers['cache-control']).toBe('private, no-cache');
    expect((await page('/console/logs/abc')).body).toContain('<title>Console</title>');
    expect((await page('/console/assets/console-1.js', { accept: '*/*' })).body).toBe('console.log("console")');
    const bare = await page('/console');
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/console/');
    const api = await page('/console/api/unknown');
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toContain('application/json');
  });

  it('answers with a 503 page naming the fix when a build is missing', async () => {
    rmSync(join(t.siteDir, 'index.html'));
    const response = await page('/');
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('npm run build');
    expect((await page('/healthz', { accept: '*/*' })).json()).toEqual({ ok: true, store: 'sqlite', ingest: 'direct' });
  });
});
