/**
 * What `GET /a/api/signals/key` answers (docs/signals.md): the RSA-OAEP public key as a JWK whose
 * `kid` names it, and that `kid` again beside it.
 */
export interface SignalKeyReply {
  algorithm: string;
  kid: string;
  publicKey: JsonWebKey & { kid?: string };
}

/**
 * Turns the operator's key (a CryptoKey, or a public JWK as the key endpoint serves it) into an
 * RSA-OAEP key that can only wrap, so nothing in the page can use it to read what it sealed.
 * JWK needs no base64 or ASN.1 handling in the page, which keeps the collector small.
 */
export async function importPublicKey(key: CryptoKey | JsonWebKey): Promise<CryptoKey> {
  if (key instanceof CryptoKey) return key;
  return crypto.subtle.importKey('jwk', key, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['wrapKey']);
}

/**
 * Fetches the server's current public key as its JWK (with its `kid`, which the envelope carries);
 * rejects on any failure so the caller falls back.
 */
export async function fetchPublicKey(url: string): Promise<SignalKeyReply['publicKey']> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`key code: ${response.status}`);
  return ((await response.json()) as SignalKeyReply).publicKey;
}
