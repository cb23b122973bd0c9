import { describe, expect, it } from 'vitest';
import type { LogRules } from './contract.js';
import { memorySettings } from '../testing/sharedStateFakes.js';
import { createLogRulesService } from './logRules.js';

const CACHE = 5_000;
const defaults: LogRules = { message: 'from the config file' };
const saved: LogRules = { stopLogging: true, ignore: [] };

describe('createLogRulesService', () => {
  it('reads the store once per cache time, concurrent requests sharing the read', async () => {
    let clock = 0;
    const store = memorySettings();
    const settings = createLogRulesService(store, defaults, { cacheMs: CACHE, now: () => clock });
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
    const store = memorySettings();
    const onA = createLogRulesService(store, defaults, { cacheMs: CACHE, now: () => clock });
    const onB = createLogRulesService(store, defaults, { cacheMs: CACHE, now: () => clock });
    expect(await onB.get()).toEqual(defaults);
    clock = 1_000;
    await onA.set(saved);
    expect(await onA.get()).toEqual(saved);
    expect(await onB.get()).toEqual(defaults); // B's copy is 1 s old
    clock = CACHE;
    expect(await onB.get()).toEqual(saved);
  });

  it('never lets a read that started before a save put the old value back', async () => {
    const store = memorySettings();
    let release: () => void = () => {};
    const slow = {
      ...store,
      get: () => new Promise<string | null>((resolve) => (release = () => resolve(null))),
    };
    const settings = createLogRulesService(slow, defaults, { cacheMs: CACHE, now: () => 0 });
    const before = settings.get();
    await settings.set(saved);
    release();
    expect(await before).toEqual(defaults);
    expect(await settings.get()).toEqual(saved);
  });

  it('reads every time with a cache time of 0', async () => {
    const store = memorySettings();
    const settings = createLogRulesService(store, defaults, { cacheMs: 0, now: () => 0 });
    await settings.get();
    await settings.get();
    expect(store.reads).toBe(2);
  });
});
