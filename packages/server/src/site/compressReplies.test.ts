import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COMPRESS_MIN_BYTES, registerReplyCompression, pickEncoding } from './compressReplies.js';

describe('pickEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['BR', 'br'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['gzip;q=0, br;q=0', null],
    ['deflate', null],
  ])('%j → %s', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});

describe('reply compression', () => {
  let app: FastifyInstance;
  const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `item ${i}` })) };
  beforeEach(async () => {
    app = Fastify();
    registerReplyCompression(app);
    app.get('/big', async () => big);
    app.get('/small', async () => ({ ok: true }));
    app.get('/page', async (_request, reply) => reply.type('text/html; charset=utf-8').send('<p>hello</p>'.repeat(200)));
    app.get('/text', async (_request, reply) => reply.type('text/plain').send('x'.repeat(5000)));
    await app.ready();
  });
  afterEach(() => app.close());

  const get = (url: string, encoding?: string) =>
    app.inject({ method: 'GET', url, headers: encoding === undefined ? {} : { 'accept-encoding': encoding } });

  it('brotli-compresses large JSON for clients that accept it', async () => {
    const response = await get('/big', 'gzip, deflate, br');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toBe('Accept-Encoding');
    const raw = response.rawPayload;
    expect(Number(response.headers['content-length'])).toBe(raw.length);
    expect(raw.length).toBeLessThan(JSON.stringify(big).length / 3);
    expect(JSON.parse(brotliDecompressSync(raw).toString())).toEqual(big);
  });

  it('falls back to gzip, and to none', async () => {
    const gzipped = await get('/big', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString())).toEqual(big);
    const plain = await get('/big');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding'); // a cache must still tell the two apart
    expect(plain.json()).toEqual(big);
  });

  it('compresses HTML pages but leaves small replies and other types alone', async () => {
    expect((await get('/page', 'br')).headers['content-encoding']).toBe('br');
    const small = await get('/small', 'br');
    expect(JSON.stringify({ ok: true }).length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toBeUndefined();
    expect((await get('/text', 'br')).headers['content-encoding']).toBeUndefined();
  });
});
