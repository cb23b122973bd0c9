import { describe, expect, it } from 'vitest';
import { memorySettings } from '../testing/sharedStateFakes.js';
import { generateSignalKeys } from './signalKeys.js';
import type { SignalKeys } from './signalKeys.js';
import { createStoredSignalKeyRing } from './signalKeyRingStore.js';

const [a, b, c, d] = [generateSignalKeys(), generateSignalKeys(), generateSignalKeys(), generateSignalKeys()];
const CACHE = 5_000;
const MINUTE = 60_000;
const failure = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error as { statusCode?: number; code?: string; message: string };
  }
  throw new Error('expected a failure');
};

describe('createStoredSignalKeyRing', () => {
  it('gives instances starting together one key, whichever candidate each brought', async () => {
    const settings = memorySettings();
    const first = createStoredSignalKeyRing(settings, { initial: async () => a });
    const second = createStoredSignalKeyRing(settings, { initial: async () => b });
    await Promise.all([first.refresh(), second.refresh()]);
    expect(first.current().kid).toBe(second.current().kid);
    expect([a.kid, b.kid]).toContain(first.current().kid);
    expect(second.keyFor(first.current().kid).export({ type: 'pkcs8', format: 'pem' })).toBe(first.current().privateKey.export({ type: 'pkcs8', format: 'pem' }));
  });

  it('refuses reads before the first refresh rather than answer with no key', () => {
    const ring = createStoredSignalKeyRing(memorySettings(), { initial: async () => a });
    expect(() => ring.current()).toThrow(/before refresh/);
  });

  it('rereads the store only when its copy is older than the cache time', async () => {
    let clock = 1_000_000;
    const settings = memorySettings();
    const ring = createStoredSignalKeyRing(settings, { initial: async () => a, cacheMs: CACHE, now: () => clock });
    await ring.refresh();
    const reads = settings.reads;
    clock += CACHE - 1;
    await ring.refresh();
    expect(settings.reads).toBe(reads);
    clock += 1;
    await ring.refresh();
    expect(settings.reads).toBe(reads + 1); // one look for a newer generation
  });

  it('makes a rotation on one instance known to another within the cache time, handed out only once all know it', async () => {
    let clock = 2_000_000;
    const settings = memorySettings();
    const options = { graceMinutes: 10, cacheMs: CACHE, now: () => clock };
    const onA = createStoredSignalKeyRing(settings, { ...options, initial: async () => a, generate: async () => b });
    const onB = createStoredSignalKeyRing(settings, { ...options, initial: async () => c });
    await onA.refresh();
    await onB.refresh();
    expect(onB.current().kid).toBe(a.kid);

    const rotatedAt = clock;
    const state = await onA.rotate();
    expect(state).toEqual({ kid: b.kid, graceSeconds: 600, previous: { kid: a.kid, retiredAt: rotatedAt + 2 * CACHE, acceptedUntil: rotatedAt + 2 * CACHE + 10 * MINUTE } });
    // Pages are still given the old key everywhere, and B has not looked yet.
    expect(onA.current().kid).toBe(a.kid);
    expect(onA.keyFor(b.kid)).toBeDefined();
    expect(failure(() => onB.keyFor(b.kid))).toMatchObject({ code: 'TARMAC_SIGNALS_WRONG_KEY' });
    clock += CACHE;
    await onB.refresh();
    expect(onB.state()).toEqual(state);
    expect(onB.keyFor(b.kid).export({ type: 'pkcs8', format: 'pem' })).toBe(b.privateKey.export({ type: 'pkcs8', format: 'pem' }));
    expect(onB.current().kid).toBe(a.kid);
    // Once every instance knows it, the new key is handed out; the old one opens through the grace period.
    clock = rotatedAt + 2 * CACHE;
    expect(onA.current().kid).toBe(b.kid);
    expect(onB.current().kid).toBe(b.kid);
    clock = rotatedAt + 2 * CACHE + 10 * MINUTE - 1;
    expect(onB.keyFor(a.kid)).toBeDefined();
    clock += 1;
    expect(failure(() => onB.keyFor(a.kid)).message).toMatch(new RegExp(`^Key ${a.kid} was retired at `));
  });

  it('makes concurrent rotations on two instances one rotation, and blanks the record it replaced', async () => {
    const settings = memorySettings();
    const maker = (keys: SignalKeys) => async () => keys;
    const onA = createStoredSignalKeyRing(settings, { initial: maker(a), generate: maker(b) });
    const onB = createStoredSignalKeyRing(settings, { initial: maker(a), generate: maker(c) });
    await onA.refresh();
    await onB.refresh();
    const [fromA, fromB] = await Promise.all([onA.rotate(), onB.rotate()]);
    expect(fromA).toEqual(fromB);
    expect([b.kid, c.kid]).toContain(fromA.kid);
    expect(fromA.previous?.kid).toBe(a.kid);
    expect(settings.values.get('signals.keyRing.0')).toBe('');
    expect(settings.values.get('signals.keyRing.head')).toBe('1');
    // A third instance starting now reads the same ring.
    const late = createStoredSignalKeyRing(settings, { initial: maker(d) });
    await late.refresh();
    expect(late.state()).toEqual(fromA);
  });

  it('follows the chain past a head left behind, to the newest generation', async () => {
    const settings = memorySettings();
    const ring = createStoredSignalKeyRing(settings, { initial: async () => a, generate: async () => b });
    await ring.refresh();
    await ring.rotate();
    const state = ring.state();
    settings.values.set('signals.keyRing.head', '0'); // a slow rotator's hint, written late
    const late = createStoredSignalKeyRing(settings, { initial: async () => d });
    await late.refresh();
    expect(late.state()).toEqual(state);
  });
});
