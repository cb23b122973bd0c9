import type { TcfCallback } from './types.js';

/** Commands this handler answers; anything else is an unknown command. */
export const COMMANDS = ['ping', 'addEventListener', 'removeEventListener', 'getTCData', 'getInAppTCData', 'update'] as const;
/** One of {@link COMMANDS}. */
export type Command = (typeof COMMANDS)[number];

const fail = (callback: unknown): false => {
  if (typeof callback !== 'function') throw new Error('invalid callback function');
  callback(null, false);
  return false;
};

/**
 * Checks a call in the spec's order: the command must be a string, the version 0, 2 or
 * unspecified (both answer `(null, false)`), the callback a function (else it throws 'invalid
 * callback function', since there is nobody to answer), and the command known (`(null, false)`).
 * A rejection that cannot be answered because the callback is not a function throws too.
 * Returns true when the call may run.
 */
export function validateCall(command: unknown, version: unknown, callback: unknown): callback is TcfCallback {
  if (typeof command !== 'string') return fail(callback);
  if (version != null && version !== 0 && version !== 2) return fail(callback);
  if (typeof callback !== 'function') throw new Error('invalid callback function');
  if (!(COMMANDS as readonly string[]).includes(command)) return fail(callback);
  return true;
}
