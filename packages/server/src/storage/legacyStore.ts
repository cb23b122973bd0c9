import type { Storage } from './types.js';
import type { CounterPort, IngestItem, SettingsPort, Store } from './ports.js';

// TRANSITIONAL: presents today's flat SQLite `Storage` as the new `Store` ports, so the PostgreSQL
// adapter, the conformance suites and the JetStream sink can be written against the ports while
// the SQLite adapter is being reorganised. Delete once createSqliteStorage returns a Store.

/** Wraps the flat store; `writeBatch` runs the items one after the other (not one transaction). */
export function storeFromLegacy(storage: Storage): Store {
  const settings: SettingsPort = {
    async get() {
      throw new Error('settings are not available on the legacy store');
    },
    async set() {
      throw new Error('settings are not available on the legacy store');
    },
    async getOrCreate() {
      throw new Error('settings are not available on the legacy store');
    },
  };
  const windows = new Map<string, { count: number; resetAt: number }>();
  const counters: CounterPort = {
    async increment(key, windowMs, now) {
      const resetAt = (Math.floor(now / windowMs) + 1) * windowMs;
      const entry = windows.get(key);
      const next = entry && entry.resetAt === resetAt ? { count: entry.count + 1, resetAt } : { count: 1, resetAt };
      windows.set(key, next);
      return next;
    },
  };
  const writeOne = (item: IngestItem): Promise<void> => {
    if (item.kind === 'logs') return storage.insertClientLogs(item.batch);
    if (item.kind === 'perf') return storage.insertPerfReport(item.report);
    return storage.insertAnalyticsHits(item.hits, item.dropped);
  };
  return {
    engine: 'sqlite',
    ingest: {
      logs: storage,
      perf: storage,
      analytics: storage,
      signals: storage,
      consent: storage,
      async writeBatch(items) {
        for (const item of items) await writeOne(item);
      },
    },
    query: {
      logs: storage,
      perf: storage,
      analytics: storage,
      drops: storage,
      signals: storage,
      consent: storage,
      releases: storage,
      alerts: storage,
    },
    settings,
    counters,
    ping: async () => {},
    close: () => storage.close(),
  };
}
