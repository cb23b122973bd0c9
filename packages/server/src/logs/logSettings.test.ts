import { describe, expect, it } from 'vitest';
import type { ClientLogReply } from './contract.js';
import { createLogSettings } from './logSettings.js';

/** One store shared by several instances, counting its reads. */
function sharedStore() {
  const store = {
    saved: null as ClientLogReply | null,
    reads: 0,
    async getLogSettings() {
      store.reads += 1;
      return store.saved;
    },
    async setLogSettings(settings: ClientLogReply) {
      store.saved = settings;
    },
  };
  return store;
}

const CACHE = 5_000;
const defaults: ClientLogReply = { message: 'from the config file' };
const saved: ClientLogReply = { stopLogging: true, ignore: [] };

describe('createLogSettings', () => {
  it('reads the store once per cache time, concurrent requests sharing the read', async () => {
    let clock = 0;
    const store = sharedStore();
    const settings = createLogSettings(store, defaults, { cacheMs: CACHE, now: () => clock });
    expect(await Promise.all([settings.get(), settings.get(), settings.get()])).toEqual([defaults, defaults, defaults]);
    expect(store.reads).toBe(1);
    clock = CACHE - 1;
    await settings.get();
    expect(store.reads).toBe(1);
    clock = CACHE;
    await settings.get();
    expect(store.reads).toBe(2);
  });

  it('applies settings saved on one instance on another within the cache time, and at once on the one that saved', async () => {
    let clock = 0;
    const store = sharedStore();
    const onA = createLogSettings(store, defaults, { cacheMs: CACHE, now: () => clock });
    const onB = createLogSettings(store, defaults, { cacheMs: CACHE, now: () => clock });
    expect(await onB.get()).toEqual(defaults);
    clock = 1_000;
    await onA.set(saved);
    expect(await onA.get()).toEqual(saved);
    expect(await onB.get()).toEqual(defaults); // B's copy is 1 s old
    clock = CACHE;
    expect(await onB.get()).toEqual(saved);
  });

  it('never lets a read that started before a save put the old value back', async () => {
    const store = sharedStore();
    let release: () => void = () => {};
    const slow = {
      ...store,
      getLogSettings: () => new Promise<ClientLogReply | null>((resolve) => (release = () => resolve(null))),
      setLogSettings: store.setLogSettings,
    };
    const settings = createLogSettings(slow, defaults, { cacheMs: CACHE, now: () => 0 });
    const before = settings.get();
    await settings.set(saved);
    release();
    expect(await before).toEqual(defaults);
    expect(await settings.get()).toEqual(saved);
  });

  it('reads every time with a cache time of 0', async () => {
    const store = sharedStore();
    const settings = createLogSettings(store, defaults, { cacheMs: 0, now: () => 0 });
    await settings.get();
    await settings.get();
    expect(store.reads).toBe(2);
  });
});
