import type { CounterPort } from '../http/ports.js';
import type { SettingsPort } from '../settings/ports.js';

// In-memory stand-ins for a store's settings and counters, with the semantics every engine's
// adapter has (the storage conformance suites prove theirs): what unit tests of shared state
// use where a real store would only slow them down.

/** Settings in a Map; getOrCreate keeps the first value, as a race-safe engine does. Counts reads. */
export function memorySettings(): SettingsPort & { values: Map<string, string>; reads: number } {
  const values = new Map<string, string>();
  const settings = {
    values,
    reads: 0,
    async get(key: string) {
      settings.reads += 1;
      return values.get(key) ?? null;
    },
    async set(key: string, value: string) {
      values.set(key, value);
    },
    async getOrCreate(key: string, value: string) {
      if (!values.has(key)) values.set(key, value);
      return values.get(key) as string;
    },
  };
  return settings;
}

/** Fixed-window counters in a Map; `keys()` lists what was counted. */
export function memoryCounters(): CounterPort & { keys(): string[] } {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async increment(key, windowMs, now) {
      const resetAt = (Math.floor(now / windowMs) + 1) * windowMs;
      const entry = windows.get(key);
      const next = entry && entry.resetAt === resetAt ? { count: entry.count + 1, resetAt } : { count: 1, resetAt };
      windows.set(key, next);
      return next;
    },
    keys: () => [...windows.keys()],
  };
}
