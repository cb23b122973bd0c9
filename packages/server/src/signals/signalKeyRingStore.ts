import type { SettingsPort } from '../settings/ports.js';
import type { SignalKeys } from './signalKeys.js';
import { generateSignalKeysAsync, signalKeysFrom } from './signalKeys.js';
import type { SignalKeyRing } from './signalKeyRing.js';
import { graceMsOf, keyMaxAgeSeconds } from './signalKeyRing.js';
import type { SignalKeyState, SignalKeyView } from './signalKeyRingView.js';
import { handedOutKeys, privateKeyFor, stateOfView } from './signalKeyRingView.js';

/** How long an instance trusts its copy of the ring before reading the store again, unless configured. */
export const DEFAULT_RING_CACHE_MS = 5_000;

/** What a ring kept in the store is made of; only the settings are required. */
export interface StoredSignalKeyRingOptions {
  graceMinutes?: number;
  /** How long this instance's copy is trusted (DEFAULT_RING_CACHE_MS). */
  cacheMs?: number;
  now?: () => number;
  generate?: () => Promise<SignalKeys>;
  /** The first key, when the store has none yet (config/sharedSecrets.ts: SIGNALS_KEY_FILE's, so a move to a shared store keeps it). */
  initial?: () => Promise<SignalKeys>;
}

// The ring is a chain of settings, one per rotation: `signals.keyRing.<n>` holds generation n
// (current key, previous key and its retiredAt) as one JSON value, written once with getOrCreate.
// Two instances rotating generation n at once both ask for n + 1 and get the same winner, so a
// rotation is never lost to a later write; a record the next one replaced is blanked (its
// retired private key has no business staying in the store). `head` only says where to start
// reading: the newest generation is the last one present.
const HEAD = 'signals.keyRing.head';
const recordKey = (generation: number) => `signals.keyRing.${generation}`;

interface StoredView extends SignalKeyView {
  generation: number;
}

type Record = { current: string; previous?: { pem: string; retiredAt: number } };
const pemOf = (keys: SignalKeys) => keys.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;

function encode(view: SignalKeyView): string {
  const { current, previous } = view;
  const record: Record = { current: pemOf(current) };
  if (previous) record.previous = { pem: pemOf(previous.keys), retiredAt: previous.retiredAt };
  return JSON.stringify(record);
}

function decode(text: string, generation: number): StoredView {
  const record = JSON.parse(text) as Record;
  const previous = record.previous && { keys: signalKeysFrom(record.previous.pem), retiredAt: record.previous.retiredAt };
  return { generation, current: signalKeysFrom(record.current), ...(previous ? { previous } : {}) };
}

/**
 * The ring of a store several instances share: every instance reads it through `settings`,
 * trusting its copy for `cacheMs`, so a rotation made on one is honoured by all within that time.
 * A rotation hands the new key to pages only `2 × cacheMs` after it is made (the previous key's
 * `retiredAt`): by then every instance has read it, so an envelope sealed with a key any instance
 * gave out opens on every other. The new key opens at once wherever it is known, the previous one
 * until `retiredAt + grace`. The key endpoint's max-age (at most half the grace, signalKeyRing.ts)
 * stays safe for the same reason: no instance hands a key out after its `retiredAt`, so a copy in
 * any cache is still accepted for the grace period after it was served.
 * The replay guard needs nothing here: it is the store's unique nonce.
 */
export function createStoredSignalKeyRing(settings: SettingsPort, options: StoredSignalKeyRingOptions = {}): SignalKeyRing {
  const { now = Date.now, generate = generateSignalKeysAsync, initial = generate } = options;
  const cacheMs = options.cacheMs ?? DEFAULT_RING_CACHE_MS;
  const graceMs = graceMsOf(options.graceMinutes);
  let view: StoredView | undefined;
  let loadedAt = -Infinity;
  let loading: Promise<StoredView> | undefined;
  let rotating: Promise<SignalKeyState> | undefined;

  async function readFirst(): Promise<{ generation: number; text: string }> {
    const generation = Number((await settings.get(HEAD)) ?? 0);
    if (!Number.isSafeInteger(generation) || generation < 0) throw new Error('The signals key ring head is not a generation number');
    const text = await settings.get(recordKey(generation));
    if (text !== null) return { generation, text };
    if (generation !== 0) throw new Error(`The signals key ring names generation ${generation}, which the store does not hold`);
    return { generation, text: await settings.getOrCreate(recordKey(0), encode({ current: await initial() })) };
  }

  /** Reads the newest generation (from this copy's onwards), forced. */
  async function load(): Promise<StoredView> {
    const first = view ? { generation: view.generation, text: null } : await readFirst();
    let { generation } = first;
    let text: string | null = first.text;
    for (let next = await settings.get(recordKey(generation + 1)); next !== null; next = await settings.get(recordKey(generation + 1))) {
      generation += 1;
      text = next;
    }
    if (text === '') throw new Error(`The signals key ring's newest generation ${generation} was blanked`);
    if (text !== null) view = decode(text, generation);
    loadedAt = now();
    return view as StoredView;
  }

  const reload = (): Promise<StoredView> =>
    (loading ??= load().finally(() => {
      loading = undefined;
    }));

  const loaded = (): StoredView => {
    if (!view) throw new Error('The signals key ring is read before refresh() loaded it');
    return view;
  };

  async function rotateOnce(): Promise<SignalKeyState> {
    const base = await reload();
    const next = await generate();
    const candidate = encode({ current: next, previous: { keys: base.current, retiredAt: now() + 2 * cacheMs } });
    const generation = base.generation + 1;
    const winner = await settings.getOrCreate(recordKey(generation), candidate);
    await settings.set(HEAD, String(generation));
    await settings.set(recordKey(base.generation), '');
    view = decode(winner, generation);
    loadedAt = now();
    return stateOfView(view, graceMs);
  }

  return {
    async refresh() {
      if (!view || now() - loadedAt >= cacheMs) await reload();
    },
    current: () => handedOutKeys(loaded(), now()),
    keyFor: (kid) => privateKeyFor(loaded(), kid, graceMs, now()),
    rotate() {
      rotating ??= rotateOnce().finally(() => {
        rotating = undefined;
      });
      return rotating;
    },
    state: () => stateOfView(loaded(), graceMs),
    keyMaxAgeSeconds: keyMaxAgeSeconds(graceMs),
  };
}
