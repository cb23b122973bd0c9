import type { IngestPorts, QueryPorts, Store } from '../ports.js';
import { purgeCounters, createPostgresCounters } from './counters.js';
import { createPool, pingWithin } from './db.js';
import { migrate } from './migrations/migrate.js';
import { migrations } from './migrations/index.js';
import { createPostgresSettings } from './settings.js';

export interface PostgresStoreOptions {
  /** `postgres://user:password@host:port/database` */
  url: string;
  /** Connections this instance may hold; 10 by default. */
  poolSize?: number;
  /** Days raw rows are kept; `RETENTION_RAW_DAYS` or 30 by default. */
  retentionRawDays?: number;
  /** Occurrences kept per log group; 200 by default. */
  occurrencesPerGroup?: number;
}

const UPKEEP_EVERY_MS = 60 * 60 * 1000;
// Short, so a health check answers before the load balancer gives up on it.
const PING_TIMEOUT_MS = 2000;

/**
 * The PostgreSQL store: one pool, the schema brought up to date (once, however many instances
 * start together), then the capability adapters over the same pool.
 */
export async function createPostgresStore(options: PostgresStoreOptions): Promise<Store> {
  const pool = createPool(options.url, options.poolSize);
  try {
    await migrate(pool, migrations);
  } catch (error) {
    await pool.end();
    throw error;
  }
  const retentionMs = retentionDays(options.retentionRawDays) * 86_400_000;
  const upkeep = async () => {
    await purgeCounters(pool, Date.now() - retentionMs);
  };
  await upkeep();
  const timer = setInterval(() => void upkeep().catch(() => {}), UPKEEP_EVERY_MS);
  timer.unref();

  const ingest: IngestPorts = {
    logs: notImplemented('logs ingest'),
    perf: notImplemented('perf ingest'),
    analytics: notImplemented('analytics ingest'),
    signals: notImplemented('signals ingest'),
    consent: notImplemented('consent ingest'),
    writeBatch: () => Promise.reject(new Error('writeBatch: not implemented yet')),
  };
  const query: QueryPorts = {
    logs: notImplemented('logs query'),
    perf: notImplemented('perf query'),
    analytics: notImplemented('analytics query'),
    drops: notImplemented('drops query'),
    signals: notImplemented('signals query'),
    consent: notImplemented('consent query'),
    releases: notImplemented('releases'),
    alerts: notImplemented('alerts'),
  };
  return {
    engine: 'postgres',
    ingest,
    query,
    settings: createPostgresSettings(pool),
    counters: createPostgresCounters(pool),
    ping: () => pingWithin(pool, PING_TIMEOUT_MS),
    async close() {
      clearInterval(timer);
      await pool.end();
    },
  };
}

function retentionDays(given: number | undefined): number {
  const days = given ?? Number(process.env.RETENTION_RAW_DAYS ?? 30);
  if (!Number.isFinite(days) || days <= 0) throw new Error(`raw retention must be a positive number of days, got ${days}`);
  return days;
}

// TEMPORARY while the adapters land: a port whose every method rejects.
function notImplemented<T extends object>(what: string): T {
  return new Proxy({} as T, {
    get: (_target, method) => () => Promise.reject(new Error(`${what}.${String(method)}: not implemented yet`)),
  });
}
