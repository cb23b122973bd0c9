import { constants, createDecipheriv, privateDecrypt } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import type { ErrorCode } from '../http/errorCodes.js';
import { errorCodes } from '../http/errorCodes.js';
import { httpError } from '../http/httpError.js';
import type { HttpError } from '../http/httpError.js';

const IV = 12;
const TAG = 16;
const MAX_KID = 64;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$|^[A-Za-z0-9_-]+$/;
const KID = /^[A-Za-z0-9_-]*$/;

const rejected = (code: ErrorCode, reason: string): HttpError => httpError(code, reason);

/** The private key for an envelope's key id ('' when it names none); throws a coded 400 for an unknown one. */
export type KeyForId = (kid: string) => KeyObject;

/**
 * Reads the envelope's header: its key id and length (the part the GCM tag authenticates).
 * Version 2 names the key; version 1, from collectors built before key ids, names none.
 */
function readHeader(bytes: Buffer): { kid: string; length: number } {
  if (bytes.length < 1) throw rejected(errorCodes.SIGNALS_TRUNCATED, 'The envelope is shorter than its header');
  if (bytes[0] === 1) {
    if (bytes.length < 3) throw rejected(errorCodes.SIGNALS_TRUNCATED, 'The envelope is shorter than its header');
    return { kid: '', length: 3 };
  }
  if (bytes[0] !== 2) throw rejected(errorCodes.SIGNALS_MALFORMED, `Unknown envelope version ${bytes[0]}`);
  if (bytes.length < 2) throw rejected(errorCodes.SIGNALS_TRUNCATED, 'The envelope is shorter than its header');
  const kidLength = bytes[1] as number;
  if (kidLength > MAX_KID) throw rejected(errorCodes.SIGNALS_MALFORMED, `The key id has ${kidLength} bytes; at most ${MAX_KID}`);
  const length = 2 + kidLength + 2;
  if (bytes.length < length) throw rejected(errorCodes.SIGNALS_TRUNCATED, 'The envelope is shorter than its header');
  const kid = bytes.subarray(2, 2 + kidLength).toString('latin1');
  if (!KID.test(kid)) throw rejected(errorCodes.SIGNALS_MALFORMED, 'The key id is not base64url');
  return { kid, length };
}

/**
 * Opens an envelope of docs/signals.md, base64:
 * `2 | kidLength | kid | wrappedKeyLength | wrappedKey | iv | ciphertext+tag` (or version 1,
 * `1 | wrappedKeyLength | …`, without a key id). `keys` picks the private key by the envelope's
 * key id (a single KeyObject opens any). Every failure is a 400 naming what was wrong (malformed,
 * truncated, unknown or retired key, wrong key, failed authentication), so the caller stores
 * nothing and the log says why.
 */
export function openEnvelope(encoded: string, keys: KeyObject | KeyForId): string {
  if (!BASE64.test(encoded)) throw rejected(errorCodes.SIGNALS_MALFORMED, 'encryptedMetaData is not base64');
  const bytes = Buffer.from(encoded, 'base64');
  const header = readHeader(bytes);
  const privateKey = typeof keys === 'function' ? keys(header.kid) : keys;
  const keyLength = bytes.readUInt16BE(header.length - 2);
  const modulusBytes = (privateKey.asymmetricKeyDetails?.modulusLength ?? 0) / 8;
  if (keyLength !== modulusBytes) {
    throw rejected(errorCodes.SIGNALS_WRONG_KEY, `The wrapped key has ${keyLength} bytes; this server's key wraps ${modulusBytes}`);
  }
  const start = header.length;
  if (bytes.length < start + keyLength + IV + TAG) throw rejected(errorCodes.SIGNALS_TRUNCATED, 'The envelope is truncated');
  const wrapped = bytes.subarray(start, start + keyLength);
  const iv = bytes.subarray(start + keyLength, start + keyLength + IV);
  const sealed = bytes.subarray(start + keyLength + IV);
  let aesKey: Buffer;
  try {
    aesKey = privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, wrapped);
  } catch {
    throw rejected(errorCodes.SIGNALS_WRONG_KEY, 'The content key does not unwrap with this server\'s key');
  }
  if (aesKey.length !== 32) throw rejected(errorCodes.SIGNALS_WRONG_KEY, 'The content key is not AES-256');
  try {
    const decipher = createDecipheriv('aes-256-gcm', aesKey, iv, { authTagLength: TAG });
    decipher.setAAD(bytes.subarray(0, header.length));
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG));
    return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG)), decipher.final()]).toString('utf8');
  } catch {
    throw rejected(errorCodes.SIGNALS_TAMPERED, 'The payload failed authentication (tampered or truncated)');
  }
}
