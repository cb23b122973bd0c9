import { describe, expect, it } from 'vitest';
import { ENVELOPE_VERSION, IV_BYTES, sealEnvelope } from './envelope.js';
import { importPublicKey } from './publicKey.js';

const subtle = crypto.subtle;
const rsa = { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' };

async function keyPair() {
  const pair = (await subtle.generateKey(rsa, true, ['wrapKey', 'unwrapKey'])) as CryptoKeyPair;
  return { ...pair, jwk: await subtle.exportKey('jwk', pair.publicKey) };
}

/** Opens an envelope the way the server does, from the documented layout alone. */
async function open(envelope: string, privateKey: CryptoKey): Promise<string> {
  const bytes = Uint8Array.from(atob(envelope), (c) => c.charCodeAt(0));
  const headerLength = 2 + (bytes[1] as number) + 2;
  const length = ((bytes[headerLength - 2] as number) << 8) | (bytes[headerLength - 1] as number);
  const wrapped = bytes.slice(headerLength, headerLength + length);
  const iv = bytes.slice(headerLength + length, headerLength + length + IV_BYTES);
  const sealed = bytes.slice(headerLength + length + IV_BYTES);
  const aes = await subtle.unwrapKey('raw', wrapped, privateKey, { name: 'RSA-OAEP' }, { name: 'AES-GCM' }, false, ['decrypt']);
  const plain = await subtle.decrypt({ name: 'AES-GCM', iv, additionalData: bytes.slice(0, headerLength) }, aes, sealed);
  return new TextDecoder().decode(plain);
}

describe('sealEnvelope', () => {
  it('lays out version, key id, wrapped key, IV and ciphertext+tag, and opens with the private key', async () => {
    const { privateKey, jwk } = await keyPair();
    const text = JSON.stringify({ nonce: 'n', signals: { languages: ['es-ES'] } });
    const envelope = await sealEnvelope(text, await importPublicKey(jwk), 'kid-1');
    const bytes = Uint8Array.from(atob(envelope), (c) => c.charCodeAt(0));
    expect(bytes[0]).toBe(ENVELOPE_VERSION);
    expect(ENVELOPE_VERSION).toBe(2);
    expect(bytes[1]).toBe(5);
    expect(new TextDecoder().decode(bytes.slice(2, 7))).toBe('kid-1');
    expect(((bytes[7] as number) << 8) | (bytes[8] as number)).toBe(256); // RSA-2048 output
    expect(bytes.length).toBe(9 + 256 + IV_BYTES + new TextEncoder().encode(text).length + 16);
    expect(await open(envelope, privateKey)).toBe(text);
  });

  it('writes an empty key id when none is given', async () => {
    const { privateKey, jwk } = await keyPair();
    const envelope = await sealEnvelope('x', await importPublicKey(jwk));
    const bytes = Uint8Array.from(atob(envelope), (c) => c.charCodeAt(0));
    expect(bytes[1]).toBe(0);
    expect(await open(envelope, privateKey)).toBe('x');
  });

  it('uses a fresh key and IV every time', async () => {
    const { jwk } = await keyPair();
    const key = await importPublicKey(jwk);
    const [a, b] = await Promise.all([sealEnvelope('same', key), sealEnvelope('same', key)]);
    expect(a).not.toBe(b);
  });

  it('cannot be opened with another key, nor after a changed byte', async () => {
    const { jwk, privateKey } = await keyPair();
    const other = await keyPair();
    const envelope = await sealEnvelope('secret', await importPublicKey(jwk), 'k1');
    await expect(open(envelope, other.privateKey)).rejects.toThrow();
    const bytes = Uint8Array.from(atob(envelope), (c) => c.charCodeAt(0));
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] as number) ^ 1;
    await expect(open(btoa(String.fromCharCode(...bytes)), privateKey)).rejects.toThrow();
    // The key id is authenticated too: naming another key breaks the seal.
    const renamed = Uint8Array.from(atob(envelope), (c) => c.charCodeAt(0));
    renamed[3] = 50; // 'k1' → 'k2'
    await expect(open(btoa(String.fromCharCode(...renamed)), privateKey)).rejects.toThrow();
  });

  it('imports a public JWK as a wrap-only key', async () => {
    const { jwk } = await keyPair();
    const key = await importPublicKey(jwk);
    expect(key.usages).toEqual(['wrapKey']);
    expect(await importPublicKey(key)).toBe(key);
  });
});
