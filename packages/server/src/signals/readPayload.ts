import { errorCodes } from '../http/errorCodes.js';
import { httpError } from '../http/httpError.js';
import type { SignalPayload, Signals } from './contract.js';

// Limits far above any real browser and far below anything that could bloat the store.
const NONCE = /^[A-Za-z0-9+/_=-]{16,64}$/;
const SHORT = /^[\x20-\x7e]{0,64}$/;

type Check = (value: unknown, path: string) => void;

const fail = (path: string, what: string): never => {
  throw httpError(errorCodes.SIGNALS_BAD_PAYLOAD, `${path} ${what}`);
};
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const number: Check = (value, path) => {
  if (typeof value !== 'number' || !Number.isFinite(value) || Math.abs(value) > 1e6) fail(path, 'must be a finite number');
};
const boolean: Check = (value, path) => {
  if (typeof value !== 'boolean') fail(path, 'must be a boolean');
};
const text: Check = (value, path) => {
  if (typeof value !== 'string' || !SHORT.test(value)) fail(path, 'must be printable text of at most 64 characters');
};
const list =
  (max: number): Check =>
  (value, path) => {
    if (!Array.isArray(value) || value.length > max) return fail(path, `must be a list of at most ${max} items`);
    value.forEach((item, i) => text(item, `${path}/${i}`));
  };
const object =
  (shape: Record<string, Check>): Check =>
  (value, path) => {
    if (!isObject(value)) return fail(path, 'must be an object');
    for (const key of Object.keys(value)) if (!(key in shape)) fail(`${path}/${key}`, 'is not a known field');
    for (const [key, check] of Object.entries(shape)) {
      if (!(key in value)) fail(`${path}/${key}`, 'is required');
      check(value[key], `${path}/${key}`);
    }
  };

const signalsShape = object({
  screen: object({ width: number, height: number, availWidth: number, availHeight: number, colorDepth: number, pixelRatio: number }),
  fonts: list(100),
  touch: object({ maxTouchPoints: number, touchEvent: boolean, touchStart: boolean }),
  timeZone: object({ name: text, offset: number }),
  languages: list(20),
  automation: list(40),
});

/**
 * Parses and checks a decrypted payload field by field. The envelope proves only that someone
 * with the public key sealed it, which anyone can; so the contents get the same scrutiny as any
 * request body, and a failure names the path of the first bad field.
 */
export function readPayload(plaintext: string): SignalPayload {
  let parsed: unknown;
  try {
    parsed = JSON.parse(plaintext);
  } catch {
    return fail('payload', 'is not JSON');
  }
  if (!isObject(parsed)) return fail('payload', 'must be an object');
  if (typeof parsed.nonce !== 'string' || !NONCE.test(parsed.nonce)) fail('payload/nonce', 'must be 16..64 base64 characters');
  if (typeof parsed.ts !== 'number' || !Number.isInteger(parsed.ts)) fail('payload/ts', 'must be epoch milliseconds');
  signalsShape(parsed.signals, 'payload/signals');
  return { nonce: parsed.nonce as string, ts: parsed.ts as number, signals: parsed.signals as Signals };
}
