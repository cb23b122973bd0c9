import { createHash, createPrivateKey, createPublicKey, generateKeyPair, generateKeyPairSync } from 'node:crypto';
import type { JsonWebKey, KeyObject } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';

/** The key pair of signal envelopes: the page wraps with the public half, only the server unwraps. */
export interface SignalKeys {
  privateKey: KeyObject;
  /** The public key as a JWK (with its `kid`), which the collector imports without any ASN.1 or base64 code. */
  publicJwk: JsonWebKey;
  /**
   * The key's id, which envelopes carry: its RFC 7638 thumbprint (SHA-256, base64url) cut to 16
   * characters, so the same key has the same id on every start and every instance.
   */
  kid: string;
}

/** Wraps an RSA private key (PEM or KeyObject) with its derived public JWK and key id. */
export function signalKeysFrom(privateKey: KeyObject | string): SignalKeys {
  const key = typeof privateKey === 'string' ? createPrivateKey(privateKey) : privateKey;
  if (key.asymmetricKeyType !== 'rsa') throw new Error('The signals key must be an RSA private key');
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (bits < 2048) throw new Error(`The signals key must have at least 2048 bits, got ${bits}`);
  const { kty, n, e } = createPublicKey(key).export({ format: 'jwk' });
  // RFC 7638: the required members in lexicographic order, no spaces.
  const kid = createHash('sha256').update(JSON.stringify({ e, kty, n })).digest('base64url').slice(0, 16);
  return { privateKey: key, kid, publicJwk: { kty, n, e, alg: 'RSA-OAEP-256', ext: true, key_ops: ['wrapKey'], kid } };
}

/** A fresh 2048-bit pair in memory (tests, or a server started without a key directory). */
export function generateSignalKeys(): SignalKeys {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return signalKeysFrom(privateKey);
}

/** A fresh 2048-bit pair, made on libuv's thread pool so a rotation does not stall the server. */
export async function generateSignalKeysAsync(): Promise<SignalKeys> {
  const { privateKey } = await promisify(generateKeyPair)('rsa', { modulusLength: 2048 });
  return signalKeysFrom(privateKey);
}

const pemOf = (keys: SignalKeys): string => keys.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;

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
  writeFileSync(file, pemOf(keys), { mode: 0o600, flag: 'wx' });
  return keys;
}

/** The key a rotation retired, and when: envelopes naming it are accepted for a grace period after. */
export interface RetiredSignalKeys {
  keys: SignalKeys;
  retiredAt: number;
}

/** Where the retired key is kept beside the current key's file. */
export const previousKeyFile = (file: string): string => `${file}.previous.json`;

/** Reads the retired key kept beside `file`, if a rotation left one. */
export function loadPreviousSignalKeys(file: string): RetiredSignalKeys | undefined {
  let text: string;
  try {
    text = readFileSync(previousKeyFile(file), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const { pem, retiredAt } = JSON.parse(text) as { pem: string; retiredAt: number };
  if (!Number.isFinite(retiredAt)) throw new Error(`${previousKeyFile(file)} has no valid retiredAt`);
  return { keys: signalKeysFrom(pem), retiredAt };
}

/**
 * Keeps a rotation on disk: first the retired key (so a crash in between leaves the old key
 * current and nothing lost), then the new current key. Each file is written whole and renamed
 * into place, owner-only.
 */
export function saveRotatedSignalKeys(file: string, current: SignalKeys, previous: RetiredSignalKeys): void {
  const replace = (target: string, text: string) => {
    const temporary = `${target}.tmp`;
    writeFileSync(temporary, text, { mode: 0o600 });
    renameSync(temporary, target);
  };
  replace(previousKeyFile(file), JSON.stringify({ retiredAt: previous.retiredAt, pem: pemOf(previous.keys) }));
  replace(file, pemOf(current));
}
