import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import type { JsonWebKey, KeyObject } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';

/** The key pair of signal envelopes: the page wraps with the public half, only the server unwraps. */
export interface SignalKeys {
  privateKey: KeyObject;
  /** The public key as a JWK, which the collector imports without any ASN.1 or base64 code. */
  publicJwk: JsonWebKey;
}

/** Wraps an RSA private key (PEM or KeyObject) with its derived public JWK. */
export function signalKeysFrom(privateKey: KeyObject | string): SignalKeys {
  const key = typeof privateKey === 'string' ? createPrivateKey(privateKey) : privateKey;
  if (key.asymmetricKeyType !== 'rsa') throw new Error('The signals key must be an RSA private key');
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (bits < 2048) throw new Error(`The signals key must have at least 2048 bits, got ${bits}`);
  const { kty, n, e } = createPublicKey(key).export({ format: 'jwk' });
  return { privateKey: key, publicJwk: { kty, n, e, alg: 'RSA-OAEP-256', ext: true, key_ops: ['wrapKey'] } };
}

/** A fresh 2048-bit pair in memory (tests, or a server started without a key directory). */
export function generateSignalKeys(): SignalKeys {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return signalKeysFrom(privateKey);
}

/**
 * Reads the PKCS#8 PEM kept in `file`, creating it (owner-only) on first start so pages sealed
 * before a restart still open after it. 'wx' makes a concurrent first start fail loudly rather
 * than two processes keeping different keys.
 */
export function loadOrCreateSignalKeys(file: string): SignalKeys {
  try {
    return signalKeysFrom(readFileSync(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const keys = generateSignalKeys();
  writeFileSync(file, keys.privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600, flag: 'wx' });
  return keys;
}
