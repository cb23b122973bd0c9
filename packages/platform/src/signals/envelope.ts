import { toBase64 } from './base64.js';

/** First byte of every envelope; 2 carries the key id. The server refuses versions it does not know. */
export const ENVELOPE_VERSION = 2;
/** Bytes of the AES-GCM nonce: 96 bits, the size GCM is designed for. */
export const IV_BYTES = 12;

/**
 * Seals `plaintext` for the server: a fresh AES-256-GCM key encrypts it, RSA-OAEP (SHA-256) with
 * the server's public key wraps that key. `kid` names that public key (the `kid` of the JWK the
 * key endpoint serves), so the server knows which of its keys opens it after a rotation; '' for
 * none. Layout, base64-encoded (docs/signals.md):
 * `version(1) | kidLength(1) | kid | wrappedKeyLength(2, big-endian) | wrappedKey | iv(12) | ciphertext+tag(16)`.
 * Everything before the wrapped key is the GCM additional data, so a changed version, key id or
 * length fails to decrypt.
 */
export async function sealEnvelope(plaintext: string, publicKey: CryptoKey, kid = ''): Promise<string> {
  const subtle = crypto.subtle;
  const aesKey = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt']);
  const wrapped = await subtle.wrapKey('raw', aesKey, publicKey, { name: 'RSA-OAEP' });
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const id = new TextEncoder().encode(kid);
  const header = new Uint8Array([ENVELOPE_VERSION, id.length, ...id, wrapped.byteLength >> 8, wrapped.byteLength & 255]);
  const sealed = await subtle.encrypt({ name: 'AES-GCM', iv, additionalData: header }, aesKey, new TextEncoder().encode(plaintext));
  return toBase64(new Uint8Array(await new Blob([header, wrapped, iv, sealed]).arrayBuffer()));
}
