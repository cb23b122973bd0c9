import type { KeyObject } from 'node:crypto';
import type { RetiredSignalKeys, SignalKeys } from './signalKeys.js';
import {
  generateSignalKeysAsync,
  loadOrCreateSignalKeys,
  loadPreviousSignalKeys,
  saveRotatedSignalKeys,
} from './signalKeys.js';
import type { SignalKeyState, SignalKeyView } from './signalKeyRingView.js';
import { handedOutKeys, privateKeyFor, stateOfView } from './signalKeyRingView.js';

export type { SignalKeyState } from './signalKeyRingView.js';

/** How long envelopes sealed with a retired key are still opened, unless configured: one hour. */
export const DEFAULT_SIGNALS_KEY_GRACE_MINUTES = 60;
// The key endpoint's max-age is at most this, and at most half the grace period.
const MAX_KEY_CACHE_SECONDS = 300;

/**
 * The current envelope key and the one before it. Pages seal with the current key; after a
 * rotation, an envelope naming the previous key's `kid` still opens until `retiredAt + grace`, so a
 * page that fetched the key just before (or got it from its HTTP cache) is not refused.
 * The reads are synchronous over the ring as last loaded; `refresh()` first brings it up to date
 * (a ring kept in a shared store rereads it when its copy is older than a few seconds).
 */
export interface SignalKeyRing {
  /** Loads what other instances changed, when this copy is old enough to need it; call before reading. */
  refresh(): Promise<void>;
  /** The key pages are given now (the public half is served by the key endpoint). */
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
  /** Keeps a rotation before it takes effect (config/sharedSecrets.ts: files beside SIGNALS_KEY_FILE). */
  persist?: (current: SignalKeys, previous: RetiredSignalKeys) => void;
  generate?: () => Promise<SignalKeys>;
}

/** The key endpoint's max-age for a grace period: at most 300 s and half the grace. */
export const keyMaxAgeSeconds = (graceMs: number): number => Math.min(MAX_KEY_CACHE_SECONDS, Math.floor(graceMs / 2000));

/** The grace period in milliseconds, the default when not configured. */
export const graceMsOf = (graceMinutes: number | undefined): number => (graceMinutes ?? DEFAULT_SIGNALS_KEY_GRACE_MINUTES) * 60_000;

/**
 * A ring in this process; see {@link loadSignalKeyRing} for the one kept on disk, and
 * signalKeyRingStore.ts for the one several instances share through the store.
 */
export function createSignalKeyRing(options: SignalKeyRingOptions): SignalKeyRing {
  const { now = Date.now, persist, generate = generateSignalKeysAsync } = options;
  const graceMs = graceMsOf(options.graceMinutes);
  let current = typeof options.current === 'function' ? undefined : options.current;
  const make = typeof options.current === 'function' ? options.current : undefined;
  let previous = options.previous;
  let rotating: Promise<SignalKeyState> | undefined;
  const view = (): SignalKeyView => ({ current: (current ??= (make as () => SignalKeys)()), previous });

  return {
    refresh: () => Promise.resolve(),
    current: () => handedOutKeys(view(), now()),
    keyFor: (kid) => privateKeyFor(view(), kid, graceMs, now()),
    rotate() {
      rotating ??= (async () => {
        const next = await generate();
        const retired = { keys: view().current, retiredAt: now() };
        persist?.(next, retired);
        current = next;
        previous = retired;
        return stateOfView(view(), graceMs);
      })().finally(() => {
        rotating = undefined;
      });
      return rotating;
    },
    state: () => stateOfView(view(), graceMs),
    keyMaxAgeSeconds: keyMaxAgeSeconds(graceMs),
  };
}

/**
 * The ring config/sharedSecrets.ts gives a single node: the current key in `file`
 * (SIGNALS_KEY_FILE, created on first start), the retired one in `file.previous.json`, rotations
 * written to both before they take effect.
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
