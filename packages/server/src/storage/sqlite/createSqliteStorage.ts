import type { ClientLogReply } from '../../logs/contract.js';
import type { Storage } from '../types.js';
import type { SqliteStoreOptions } from './createSqliteStore.js';
import { createSqliteStore } from './createSqliteStore.js';

// TRANSITIONAL: today's flat `Storage` over the new `Store`, for callers not yet switched to the
// ports. Deleted, with storage/types.ts, once every caller takes a `Store`.

/** The SQLite store's ports flattened into the old `Storage` shape. */
export function createSqliteStorage(options: SqliteStoreOptions): Storage {
  const store = createSqliteStore(options);
  const { ingest, query } = store;
  return {
    ...ingest.logs,
    ...ingest.perf,
    ...ingest.analytics,
    ...ingest.signals,
    ...ingest.consent,
    ...query.logs,
    ...query.perf,
    ...query.analytics,
    ...query.drops,
    ...query.signals,
    ...query.consent,
    ...query.releases,
    ...query.alerts,
    async getLogSettings() {
      const value = await store.settings.get('logs');
      return value === null ? null : (JSON.parse(value) as ClientLogReply);
    },
    setLogSettings: (settings) => store.settings.set('logs', JSON.stringify(settings)),
    close: () => store.close(),
  };
}
