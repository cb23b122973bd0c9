import { constants, createDecipheriv, privateDecrypt } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import type { ErrorCode } from '../http/errorCodes.js';
import { errorCodes } from '../http/errorCodes.js';
import { httpError } from '../http/httpError.js';
import type { HttpError } from '../http/httpError.js';

const VERSION = 1;
const HEADER = 3;
const IV = 12;
const TAG = 16;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$|^[A-Za-z0-9_-]+$/;

const rejected = (code: ErrorCode, reason: string): HttpError => httpError(code, reason);

/**
 * Opens an envelope of docs/signals.md: `version | wrappedKeyLength | wrappedKey | iv | ciphertext+tag`,
 * base64. Every failure is a 400 naming what was wrong (malformed, truncated, wrong key, failed
 * authentication), so the caller stores nothing and the log says why.
 */
export function openEnvelope(encoded: string, privateKey: KeyObject): string {
  if (!BASE64.test(encoded)) throw rejected(errorCodes.SIGNALS_MALFORMED, 'encryptedMetaData is not base64');
  const bytes = Buffer.from(encoded, 'base64');
  if (bytes.length < HEADER) throw rejected(errorCodes.SIGNALS_TRUNCATED, 'The envelope is shorter than its header');
  if (bytes[0] !== VERSION) throw rejected(errorCodes.SIGNALS_MALFORMED, `Unknown envelope version ${bytes[0]}`);
  const keyLength = bytes.readUInt16BE(1);
  const modulusBytes = (privateKey.asymmetricKeyDetails?.modulusLength ?? 0) / 8;
  if (keyLength !== modulusBytes) {
    throw rejected(errorCodes.SIGNALS_WRONG_KEY, `The wrapped key has ${keyLength} bytes; this server's key wraps ${modulusBytes}`);
  }
  if (bytes.length < HEADER + keyLength + IV + TAG) throw rejected(errorCodes.SIGNALS_TRUNCATED, 'The envelope is truncated');
  const wrapped = bytes.subarray(HEADER, HEADER + keyLength);
  const iv = bytes.subarray(HEADER + keyLength, HEADER + keyLength + IV);
  const sealed = bytes.subarray(HEADER + keyLength + IV);
  let aesKey: Buffer;
  try {
    aesKey = privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, wrapped);
  } catch {
    throw rejected(errorCodes.SIGNALS_WRONG_KEY, 'The content key does not unwrap with this server\'s key');
  }
  if (aesKey.length !== 32) throw rejected(errorCodes.SIGNALS_WRONG_KEY, 'The content key is not AES-256');
  try {
    const decipher = createDecipheriv('aes-256-gcm', aesKey, iv, { authTagLength: TAG });
    decipher.setAAD(bytes.subarray(0, HEADER));
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG));
    return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG)), decipher.final()]).toString('utf8');
  } catch {
    throw rejected(errorCodes.SIGNALS_TAMPERED, 'The payload failed authentication (tampered or truncated)');
  }
}
