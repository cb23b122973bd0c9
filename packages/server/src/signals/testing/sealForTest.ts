import { constants, createCipheriv, publicEncrypt, randomBytes } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import type { SignalPayload, Signals } from '../contract.js';

/** How {@link sealForTest} lays out the header: version 2 names a key (`kid`), version 1 does not. */
export interface SealOptions {
  kid?: string;
  version?: number;
}

/**
 * Seals like the browser collector, written independently from docs/signals.md with node:crypto,
 * so tests prove the documented format rather than one implementation agreeing with itself.
 */
export function sealForTest(plaintext: string, publicKey: KeyObject, { kid = '', version = 2 }: SealOptions = {}): string {
  const aesKey = randomBytes(32);
  const wrapped = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, aesKey);
  const id = Buffer.from(kid, 'latin1');
  const keyId = version === 1 ? [] : [id.length, ...id];
  const header = Buffer.from([version, ...keyId, wrapped.length >> 8, wrapped.length & 255]);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', aesKey, iv);
  cipher.setAAD(header);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return Buffer.concat([header, wrapped, iv, body]).toString('base64');
}

/** Signals of an ordinary desktop browser, varied per test through `overrides`. */
export function personSignals(overrides: Partial<Signals> = {}): Signals {
  return {
    screen: { width: 1920, height: 1080, availWidth: 1920, availHeight: 1040, colorDepth: 24, pixelRatio: 1 },
    fonts: ['Arial', 'Calibri', 'Segoe UI'],
    touch: { maxTouchPoints: 0, touchEvent: false, touchStart: false },
    timeZone: { name: 'Europe/Madrid', offset: -60 },
    languages: ['es-ES', 'en'],
    automation: [],
    ...overrides,
  };
}

/** A payload with a fresh nonce and the current time. */
export function payloadForTest(signals: Signals = personSignals(), ts = Date.now()): SignalPayload {
  return { nonce: randomBytes(16).toString('base64url'), ts, signals };
}
