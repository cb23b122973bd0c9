import type { KeyObject } from 'node:crypto';
import { errorCodes } from '../http/errorCodes.js';
import { httpError } from '../http/httpError.js';
import type { RetiredSignalKeys, SignalKeys } from './signalKeys.js';

/** The keys as the console shows them. */
export interface SignalKeyState {
  kid: string;
  graceSeconds: number;
  previous: { kid: string; retiredAt: number; acceptedUntil: number } | null;
}

/** What a ring holds at one moment: the newest key and the one it replaced. */
export interface SignalKeyView {
  current: SignalKeys;
  /**
   * The replaced key and when it stops being handed out. A ring shared by several instances
   * sets `retiredAt` a little ahead of the rotation, so every instance knows the new key before
   * any page is given it (signalKeyRingStore.ts); until then pages still get this one.
   */
  previous?: RetiredSignalKeys;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The key pages are given now: the previous one until its `retiredAt`, then the newest. */
export function handedOutKeys(view: SignalKeyView, now: number): SignalKeys {
  return view.previous && now < view.previous.retiredAt ? view.previous.keys : view.current;
}

/**
 * The private key that opens an envelope naming `kid` ('' — an envelope without one — is the key
 * handed out now). The newest key always opens, the previous one until `retiredAt + grace`;
 * anything else is a 400 (TARMAC_SIGNALS_WRONG_KEY) naming the problem.
 */
export function privateKeyFor(view: SignalKeyView, kid: string, graceMs: number, now: number): KeyObject {
  if (kid === '') return handedOutKeys(view, now).privateKey;
  if (kid === view.current.kid) return view.current.privateKey;
  const { previous } = view;
  if (previous && kid === previous.keys.kid) {
    const until = previous.retiredAt + graceMs;
    if (now < until) return previous.keys.privateKey;
    throw httpError(errorCodes.SIGNALS_WRONG_KEY, `Key ${kid} was retired at ${iso(previous.retiredAt)}; envelopes sealed with it were accepted until ${iso(until)}`);
  }
  throw httpError(errorCodes.SIGNALS_WRONG_KEY, `Unknown key id ${kid}: this server's key is ${handedOutKeys(view, now).kid}`);
}

/** The console's account of a view. */
export function stateOfView(view: SignalKeyView, graceMs: number): SignalKeyState {
  const { previous } = view;
  return {
    kid: view.current.kid,
    graceSeconds: graceMs / 1000,
    previous: previous ? { kid: previous.keys.kid, retiredAt: previous.retiredAt, acceptedUntil: previous.retiredAt + graceMs } : null,
  };
}
