import { afterEach, describe, expect, it, vi } from 'vitest';
import { httpRequest, KEEPALIVE_LIMIT_BYTES } from './httpRequest.js';

afterEach(() => vi.unstubAllGlobals());

const reply = (status: number, text: string, headers: Record<string, string> = {}) =>
  vi.fn((_url: string, _init: RequestInit) => Promise.resolve(new Response(text, { status, headers })));

describe('httpRequest with fetch', () => {
  it('posts JSON with keepalive while small and parses the reply', async () => {
    const fetchMock = reply(200, '{"stopLogging":true}');
    vi.stubGlobal('fetch', fetchMock);
    const result = await httpRequest({ url: '/x', body: '{"a":1}' });
    expect(result).toEqual({ status: 200, body: { stopLogging: true }, retryAfter: null });
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect(init).toMatchObject({ method: 'POST', body: '{"a":1}', keepalive: true });
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it('drops keepalive for bodies over the browser quota', async () => {
    const fetchMock = reply(204, '');
    vi.stubGlobal('fetch', fetchMock);
    const result = await httpRequest({ url: '/x', body: 'x'.repeat(KEEPALIVE_LIMIT_BYTES + 1), contentType: 'text/plain' });
    expect(result).toEqual({ status: 204, retryAfter: null });
    expect((fetchMock.mock.calls[0]?.[1] as RequestInit).keepalive).toBe(false);
  });

  it('turns network errors into status 0 and keeps Retry-After', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    expect(await httpRequest({ url: '/x', body: '' })).toEqual({ status: 0 });
    vi.stubGlobal('fetch', reply(503, 'not json', { 'Retry-After': '12' }));
    expect(await httpRequest({ url: '/x', body: '' })).toEqual({ status: 503, retryAfter: '12' });
    vi.stubGlobal('fetch', () => {
      throw new TypeError('broken polyfill');
    });
    expect(await httpRequest({ url: '/x', body: '' })).toEqual({ status: 0 });
  });
});
