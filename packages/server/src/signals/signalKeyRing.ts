import type { KeyObject } from 'node:crypto';
import { errorCodes } from '../http/errorCodes.js';
import { httpError } from '../http/httpError.js';
import type { RetiredSignalKeys, SignalKeys } from './signalKeys.js';
import {
  generateSignalKeysAsync,
  loadOrCreateSignalKeys,
  loadPreviousSignalKeys,
  saveRotatedSignalKeys,
} from './signalKeys.js';

/** How long envelopes sealed with a retired key are still opened, unless configured: one hour. */
export const DEFAULT_SIGNALS_KEY_GRACE_MINUTES = 60;
// The key endpoint's max-age is at most this, and at most half the grace period.
const MAX_KEY_CACHE_SECONDS = 300;

/** The keys as the console shows them. */
export interface SignalKeyState {
  kid: string;
  graceSeconds: number;
  previous: { kid: string; retiredAt: number; acceptedUntil: number } | null;
}

/**
 * The current envelope key and the one before it. Pages seal with the current key; after a
 * rotation, an envelope naming the previous key's `kid` still opens until `retiredAt + grace`, so a
 * page that fetched the key just before (or got it from its HTTP cache) is not refused.
 */
export interface SignalKeyRing {
  current(): SignalKeys;
  /**
   * The private key that opens an envelope naming `kid` ('' — an envelope without one — is the
   * current key). Throws a 400 (TARMAC_SIGNALS_WRONG_KEY) naming the problem for a retired key
   * past its grace period or an unknown id.
   */
  keyFor(kid: string): KeyObject;
  /** Makes a new current key and retires the current one; concurrent calls share one rotation. */
  rotate(): Promise<SignalKeyState>;
  state(): SignalKeyState;
  /**
   * The key endpoint's Cache-Control max-age in seconds: at most half the grace period, so a key
   * served from any cache is still accepted when a page seals with it; 0 means no caching.
   */
  readonly keyMaxAgeSeconds: number;
}

/** What a ring is made of; only `current` is required. */
export interface SignalKeyRingOptions {
  /** The current key, or how to make it on first use (a server that never sees a signal pays nothing). */
  current: SignalKeys | (() => SignalKeys);
  previous?: RetiredSignalKeys;
  graceMinutes?: number;
  now?: () => number;
  /** Keeps a rotation before it takes effect (main.ts: files beside SIGNALS_KEY_FILE). */
  persist?: (current: SignalKeys, previous: RetiredSignalKeys) => void;
  generate?: () => Promise<SignalKeys>;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** A ring in memory; see {@link loadSignalKeyRing} for the one kept on disk. */
export function createSignalKeyRing(options: SignalKeyRingOptions): SignalKeyRing {
  const { now = Date.now, persist, generate = generateSignalKeysAsync } = options;
  const graceMs = (options.graceMinutes ?? DEFAULT_SIGNALS_KEY_GRACE_MINUTES) * 60_000;
  let current = typeof options.current === 'function' ? undefined : options.current;
  const make = typeof options.current === 'function' ? options.current : undefined;
  let previous = options.previous;
  let rotating: Promise<SignalKeyState> | undefined;
  const currentKeys = (): SignalKeys => (current ??= (make as () => SignalKeys)());

  const state = (): SignalKeyState => ({
    kid: currentKeys().kid,
    graceSeconds: graceMs / 1000,
    previous: previous
      ? { kid: previous.keys.kid, retiredAt: previous.retiredAt, acceptedUntil: previous.retiredAt + graceMs }
      : null,
  });

  return {
    current: currentKeys,
    keyFor(kid) {
      const keys = currentKeys();
      if (kid === '' || kid === keys.kid) return keys.privateKey;
      if (previous && kid === previous.keys.kid) {
        const until = previous.retiredAt + graceMs;
        if (now() < until) return previous.keys.privateKey;
        throw httpError(errorCodes.SIGNALS_WRONG_KEY, `Key ${kid} was retired at ${iso(previous.retiredAt)}; envelopes sealed with it were accepted until ${iso(until)}`);
      }
      throw httpError(errorCodes.SIGNALS_WRONG_KEY, `Unknown key id ${kid}: this server's key is ${keys.kid}`);
    },
    rotate() {
      rotating ??= (async () => {
        const next = await generate();
        const retired = { keys: currentKeys(), retiredAt: now() };
        persist?.(next, retired);
        current = next;
        previous = retired;
        return state();
      })().finally(() => {
        rotating = undefined;
      });
      return rotating;
    },
    state,
    keyMaxAgeSeconds: Math.min(MAX_KEY_CACHE_SECONDS, Math.floor(graceMs / 2000)),
  };
}

/**
 * The ring main.ts uses: the current key in `file` (SIGNALS_KEY_FILE, created on first start),
 * the retired one in `file.previous.json`, rotations written to both before they take effect.
 */
export function loadSignalKeyRing(file: string, options: Pick<SignalKeyRingOptions, 'graceMinutes' | 'now'> = {}): SignalKeyRing {
  return createSignalKeyRing({
    ...options,
    current: loadOrCreateSignalKeys(file),
    previous: loadPreviousSignalKeys(file),
    persist: (current, previous) => saveRotatedSignalKeys(file, current, previous),
  });
}

/** SIGNALS_KEY_GRACE_MINUTES: whole minutes, 0 to 30 days; a bad value names the variable. */
export function readSignalsKeyGrace(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.SIGNALS_KEY_GRACE_MINUTES;
  if (raw === undefined || raw === '') return DEFAULT_SIGNALS_KEY_GRACE_MINUTES;
  const minutes = Number(raw);
  if (!/^\d+$/.test(raw) || minutes > 43_200) {
    throw new Error(`SIGNALS_KEY_GRACE_MINUTES must be whole minutes from 0 to 43200, got "${raw}"`);
  }
  return minutes;
}
