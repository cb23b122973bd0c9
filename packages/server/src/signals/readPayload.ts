import { errorCodes } from '../http/errorCodes.js';
import { httpError } from '../http/httpError.js';
import type { SignalPayload } from './contract.js';

// Limits far above any real browser and far below anything that could bloat the store.
const NONCE = /^[A-Za-z0-9+/_=-]{16,64}$/;
const SHORT = /^[\x20-\x7e]{0,64}$/;

type Check = (value: unknown, path: string) => void;

const fail = (path: string, what: string): never => {
  throw httpError(errorCodes.SIGNALS_BAD_PAYLOAD, `${path} ${what}`);
};
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// A number within [min, max]; screen sizes, counts and depths are whole numbers in every browser.
const number =
  (min: number, max: number, integer = false): Check =>
  (value, path) => {
    if (typeof value !== 'number' || !Number.isFinite(value) || (integer && !Number.isInteger(value)) || value < min || value > max)
      fail(path, `must be ${integer ? 'an integer' : 'a number'} from ${min} to ${max}`);
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
// Own properties only on both sides: `toString` or `__proto__` in a payload is an unknown field,
// not a match for what every object inherits.
const object =
  (shape: Record<string, Check>): Check =>
  (value, path) => {
    if (!isObject(value)) return fail(path, 'must be an object');
    for (const key of Object.keys(value)) if (!Object.hasOwn(shape, key)) fail(`${path}/${key}`, 'is not a known field');
    for (const [key, check] of Object.entries(shape)) {
      if (!Object.hasOwn(value, key)) fail(`${path}/${key}`, 'is required');
      check(value[key], `${path}/${key}`);
    }
  };

const nonce: Check = (value, path) => {
  if (typeof value !== 'string' || !NONCE.test(value)) fail(path, 'must be 16..64 base64 characters');
};
const SCREEN_PX = number(0, 100_000, true);

// The ranges are documented in docs/signals.md; each is far beyond any real device.
const payloadShape = object({
  nonce,
  // Epoch ms between 2000 and 2100; the route then checks it against its own clock.
  ts: number(946_684_800_000, 4_102_444_800_000, true),
  signals: object({
    screen: object({
      width: SCREEN_PX,
      height: SCREEN_PX,
      availWidth: SCREEN_PX,
      availHeight: SCREEN_PX,
      colorDepth: number(0, 64, true),
      pixelRatio: number(0, 32),
    }),
    fonts: list(100),
    touch: object({ maxTouchPoints: number(0, 1000, true), touchEvent: boolean, touchStart: boolean }),
    // Date#getTimezoneOffset() in minutes: within a day either way.
    timeZone: object({ name: text, offset: number(-1440, 1440) }),
    languages: list(20),
    automation: list(40),
  }),
});

/**
 * Parses and checks a decrypted payload field by field. The envelope proves only that someone
 * with the public key sealed it, which anyone can; so the contents get the same scrutiny as any
 * request body: no unknown or missing field at any level, every number finite and in its range,
 * and a failure names the path of the first bad field.
 */
export function readPayload(plaintext: string): SignalPayload {
  let parsed: unknown;
  try {
    parsed = JSON.parse(plaintext);
  } catch {
    return fail('payload', 'is not JSON');
  }
  payloadShape(parsed, 'payload');
  return parsed as SignalPayload;
}
