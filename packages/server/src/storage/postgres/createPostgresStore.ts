import { rawRetentionDays } from '../../rollups/retention.js';
import type { IngestItem } from '../../ingest/contract.js';
import type { IngestPorts, QueryPorts, Store } from '../ports.js';
import { consoleStoreLogger } from '../storeLogger.js';
import type { StoreLogger } from '../storeLogger.js';
import { createPostgresAlertStore } from './alerts.js';
import { createPostgresAnalytics } from './analytics.js';
import { createPostgresConsent } from './consent.js';
import { createPostgresUsnat } from './usnatChoices.js';
import { createPostgresCounters } from './counters.js';
import { createPool, inTransaction, pingWithin } from './db.js';
import { createPostgresDropQuery, writeDropReports } from './drops.js';
import { migrate } from './migrations/migrate.js';
import { migrations } from './migrations/index.js';
import { createPostgresLogPorts } from './logs.js';
import { createPostgresPerf } from './perf.js';
import { createPostgresReleaseStore } from './releases.js';
import { createPostgresSettings } from './settings.js';
import { createPostgresSignals } from './signals.js';
import { runUpkeep } from './upkeep.js';

export interface PostgresStoreOptions {
  /** `postgres://user:password@host:port/database` */
  url: string;
  /** Connections this instance may hold; 10 by default. */
  poolSize?: number;
  /** Days raw rows are kept; `RETENTION_RAW_DAYS` or 30 by default. */
  retentionRawDays?: number;
  /** Occurrences kept per log group; 200 by default. */
  occurrencesPerGroup?: number;
  /** Maintain the rollup tables on ingest (the default); off only to measure what they cost. */
  rollups?: boolean;
  /** Where trouble the store handles itself is reported (a failed upkeep); the console by default. */
  logger?: StoreLogger;
}

const UPKEEP_EVERY_MS = 60 * 60 * 1000;
// Short, so a health check answers before the load balancer gives up on it.
const PING_TIMEOUT_MS = 2000;

/**
 * The PostgreSQL store: one pool, the schema brought up to date (once, however many instances
 * start together), today's partitions made, then the capability adapters over the same pool.
 */
export async function createPostgresStore(options: PostgresStoreOptions): Promise<Store> {
  const retention = rawRetentionDays(options.retentionRawDays);
  const pool = createPool(options.url, options.poolSize);
  const logger = options.logger ?? consoleStoreLogger;
  const upkeep = () => runUpkeep(pool, { now: Date.now(), retentionDays: retention, logger });
  try {
    await migrate(pool, migrations);
    await upkeep();
  } catch (error) {
    await pool.end();
    throw error;
  }
  // A failed round is retried next hour; meanwhile partitions exist two days ahead, and the
  // DEFAULT partition takes any row whose day has none.
  const timer = setInterval(
    () => void upkeep().catch((error: unknown) => logger.warn({ err: error }, 'upkeep failed; it is retried next hour')),
    UPKEEP_EVERY_MS,
  );
  timer.unref();

  const logs = createPostgresLogPorts(pool, {
    occurrencesPerGroup: options.occurrencesPerGroup,
    insertDropReport: (db, report) => writeDropReports(db, [report]),
    rollups: options.rollups,
  });
  const perf = createPostgresPerf(pool, {
    rollups: options.rollups ?? true,
    flushing: { onError: (error) => logger.warn({ err: error }, 'perf rollups: trouble flushing pending stats (a failed flush is retried; an unreadable row is kept, marked)') },
  });
  const analytics = createPostgresAnalytics(pool, {
    rollups: options.rollups ?? true,
    rawDays: retention,
    flushing: { onError: (error) => logger.warn({ err: error }, 'analytics rollups: trouble flushing pending counts (a failed flush is retried; an unreadable row is kept, marked)') },
  });
  const signals = createPostgresSignals(pool);
  const consent = createPostgresConsent(pool);
  const usnat = createPostgresUsnat(pool);

  // Writes under way when close() is called finish first: ending the pool under them would
  // leave their callers waiting on a connection that never comes.
  const inFlight = new Set<Promise<unknown>>();
  const tracked = <A extends unknown[], R>(write: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> => {
      const done = write(...args);
      inFlight.add(done);
      const forget = () => inFlight.delete(done);
      done.then(forget, forget);
      return done;
    };
  const ingest: IngestPorts = {
    logs: { insertClientLogs: tracked(logs.ingest.insertClientLogs) },
    perf: { insertPerfReport: tracked(perf.ingest.insertPerfReport) },
    analytics: { insertAnalyticsHits: tracked(analytics.ingest.insertAnalyticsHits) },
    signals: {
      insertSignalReport: tracked(signals.ingest.insertSignalReport),
      insertSignalFallback: tracked(signals.ingest.insertSignalFallback),
    },
    consent: {
      insertConsentChoice: tracked(consent.ingest.insertConsentChoice),
      insertUsnatChoice: tracked(usnat.ingest.insertUsnatChoice),
    },
    writeBatch: tracked(async (items: readonly IngestItem[]) => {
      if (items.length === 0) return;
      // Kinds in a fixed order, keys sorted within each: concurrent writers lock in one order.
      await analytics.prepare(items.flatMap((item) => (item.kind === 'analytics' ? item.hits : [])));
      const learned = await inTransaction(pool, async (client) => {
        const of = <K extends IngestItem['kind']>(kind: K) =>
          items.filter((item): item is Extract<IngestItem, { kind: K }> => item.kind === kind);
        await logs.writeLogBatches(client, of('logs').map((item) => item.batch));
        await perf.write(client, of('perf').map((item) => item.report));
        const hits = of('analytics');
        const found = await analytics.writeHits(client, hits.flatMap((item) => item.hits));
        await writeDropReports(client, hits.flatMap((item) => (item.dropped ? [item.dropped] : [])));
        return found;
      });
      // Rollup tuple ids are cached only once committed (a rolled-back id may not exist).
      analytics.remember(learned);
    }),
  };
  const issuesAndReleases = createPostgresReleaseStore(pool);
  const query: QueryPorts = {
    logs: logs.query,
    perf: perf.query,
    analytics: analytics.query,
    drops: createPostgresDropQuery(pool),
    signals: signals.query,
    consent: { ...consent.query, ...usnat.query },
    issues: issuesAndReleases,
    groupEvents: issuesAndReleases,
    releases: issuesAndReleases,
    sourceMaps: issuesAndReleases,
    alerts: createPostgresAlertStore(pool),
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
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
      // Nothing is queued by now (every add is tracked above); this only refuses later reports.
      await Promise.all([perf.close(), analytics.close()]);
      await pool.end();
    },
  };
}
