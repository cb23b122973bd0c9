import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSignalCollection } from './startSignalCollection.js';
import type { ConsentSource } from './types.js';

let publicKey: JsonWebKey;
const calls: { url: string; init?: RequestInit }[] = [];
let primaryStatus = 200;

beforeEach(async () => {
  const pair = (await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['wrapKey', 'unwrapKey'],
  )) as CryptoKeyPair;
  publicKey = await crypto.subtle.exportKey('jwk', pair.publicKey);
  calls.length = 0;
  primaryStatus = 200;
  delete (globalThis as { __tarmacSignals?: boolean }).__tarmacSignals;
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    if (url.endsWith('/key')) {
      return new Response(JSON.stringify({ algorithm: 'RSA-OAEP-256', kid: 'k-current', publicKey: { ...publicKey, kid: 'k-current' } }), { status: 200 });
    }
    if (url === '/a/api/signals' && primaryStatus === 0) throw new TypeError('network down');
    return new Response('', { status: url === '/a/api/signals' ? primaryStatus : 204 });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const form = (init?: RequestInit) => Object.fromEntries(new URLSearchParams(String(init?.body)));
const posts = () => calls.filter((c) => c.init?.method === 'POST');
// Short font probing: happy-dom cannot measure, so the probe would otherwise wait its full limit.
const fastFonts = () => vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(10);
const settled = (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true), { timeout: 5000 });

describe('startSignalCollection', () => {
  it('waits the delay, fetches the key and posts the sealed report with the token', async () => {
    fastFonts();
    startSignalCollection({ token: 'tok', delayMs: 50 });
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toHaveLength(0);
    await settled(() => posts().length === 1);
    expect(calls[0]?.url).toBe('/a/api/signals/key');
    const post = posts()[0];
    expect(post?.url).toBe('/a/api/signals');
    expect(post?.init?.credentials).toBe('same-origin');
    expect(post?.init?.headers).toEqual({ 'X-Requested-With': 'XMLHttpRequest' });
    const fields = form(post?.init);
    expect(Object.keys(fields).sort()).toEqual(['encryptedMetaData', 'token']);
    expect(fields.token).toBe('tok');
    // Version 2, then the served key's id: the server opens it with that key, even after a rotation.
    const header = atob(fields.encryptedMetaData as string);
    expect(header.charCodeAt(0)).toBe(2);
    expect(header.slice(2, 2 + header.charCodeAt(1))).toBe('k-current');
  });

  it("seals with the kid of a JWK given as publicKey, and with none for a CryptoKey", async () => {
    fastFonts();
    startSignalCollection({ token: 'tok', delayMs: 0, publicKey: { ...publicKey, kid: 'k-given' } as JsonWebKey });
    await settled(() => posts().length === 1);
    expect(calls.map((c) => c.url)).toEqual(['/a/api/signals']);
    const given = atob(form(posts()[0]?.init).encryptedMetaData as string);
    expect(given.slice(2, 2 + given.charCodeAt(1))).toBe('k-given');
    delete (globalThis as { __tarmacSignals?: boolean }).__tarmacSignals;
    const cryptoKey = await crypto.subtle.importKey('jwk', publicKey, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['wrapKey']);
    startSignalCollection({ token: 'tok', delayMs: 0, publicKey: cryptoKey });
    await settled(() => posts().length === 2);
    expect(atob(form(posts()[1]?.init).encryptedMetaData as string).charCodeAt(1)).toBe(0);
  });

  it.each([500, 0])('logs and posts only the token to the fallback when the primary answers %i', async (status) => {
    fastFonts();
    primaryStatus = status;
    const logger = { error: vi.fn() };
    startSignalCollection({ token: 'tok', delayMs: 0, publicKey, logger });
    await settled(() => posts().length === 2);
    expect(posts()[1]?.url).toBe('/a/api/signals/fallback');
    expect(form(posts()[1]?.init)).toEqual({ token: 'tok' });
    expect(logger.error).toHaveBeenCalledWith(`Failed to set meta, code: ${status}`);
  });

  it('sends once per page view', async () => {
    fastFonts();
    startSignalCollection({ token: 'tok', delayMs: 0, publicKey });
    startSignalCollection({ token: 'tok', delayMs: 0, publicKey });
    await settled(() => posts().length === 1);
    await new Promise((r) => setTimeout(r, 100));
    expect(posts()).toHaveLength(1);
  });

  it('sends nothing when stopped before the delay ends', async () => {
    startSignalCollection({ token: 'tok', delayMs: 30, publicKey }).stop();
    await new Promise((r) => setTimeout(r, 80));
    expect(calls).toHaveLength(0);
  });

  it('waits for consent when a consent source is given', async () => {
    fastFonts();
    let listener: (granted: boolean) => void = () => {};
    const unsubscribe = vi.fn();
    const consent: ConsentSource = (l) => ((listener = l), unsubscribe);
    const collection = startSignalCollection({ token: 'tok', delayMs: 0, publicKey, consent });
    listener(false);
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toHaveLength(0);
    listener(true);
    await settled(() => posts().length === 1);
    collection.stop();
    expect(unsubscribe).toHaveBeenCalled();
  });

  it('refuses a missing or overlong token without throwing or sending', async () => {
    const logger = { error: vi.fn() };
    expect(() => startSignalCollection({ token: '', delayMs: 0, logger })).not.toThrow();
    expect(() => startSignalCollection({ token: 'x'.repeat(100), delayMs: 0, logger })).not.toThrow();
    expect(() => startSignalCollection(undefined as never)).not.toThrow();
    await new Promise((r) => setTimeout(r, 30));
    expect(calls).toHaveLength(0);
    expect(logger.error).toHaveBeenCalledTimes(2);
  });
});
