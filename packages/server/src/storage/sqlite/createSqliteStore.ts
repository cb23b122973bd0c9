import Database from 'better-sqlite3';
import { rawRetentionDays } from '../../rollups/retention.js';
import type { IngestItem } from '../../ingest/contract.js';
import type { Store } from '../ports.js';
import { consoleStoreLogger } from '../storeLogger.js';
import type { StoreLogger } from '../storeLogger.js';
import { createSqliteAlerts } from './alerts.js';
import { createSqliteAnalytics } from './analytics.js';
import { createSqliteConsent } from './consent.js';
import { createSqliteUsnat } from './usnatChoices.js';
import { createSqliteCounters } from './counters.js';
import { createSqliteDrops } from './drops.js';
import { BACKSTOP_PAGES, startCheckpointer } from './checkpointer.js';
import { createGroupCommit, walSyncer } from './groupCommit.js';
import { createSqliteLogRollups } from './logRollups.js';
import { createSqliteLogs } from './logs.js';
import { applyMigrations } from './migrate.js';
import { createSqlitePerf } from './perf.js';
import { createSqliteReleases } from './releases.js';
import { dropPendingOnThrow } from './pendingMarks.js';
import { startSqliteRetention } from './retention.js';
import type { SqliteRetentionOptions } from './retention.js';
import { createSqliteSettings } from './settings.js';
import { createSqliteSignals } from './signals.js';

/** Where the SQLite store lives; ':memory:' gives a private throwaway database (tests). */
export interface SqliteStoreOptions {
  file: string;
  /** Occurrences kept per log group; defaults to 200. */
  occurrencesPerGroup?: number;
  /** Maintain the rollup tables on ingest (the default); off only to measure what they cost. */
  rollups?: boolean;
  /** Days raw rows are kept; `RETENTION_RAW_DAYS` or 30 by default. */
  retentionRawDays?: number;
  /** When and how retention purges (retention.ts); its defaults otherwise. */
  retention?: Pick<SqliteRetentionOptions, 'everyMs' | 'firstAfterMs' | 'chunkRows'>;
  /** Where trouble the store handles itself is reported (a failed purge); the console by default. */
  logger?: StoreLogger;
}

/**
 * The default store: one embedded SQLite file, so `npm start` needs no database server.
 * WAL lets console reads run beside ingest writes; busy_timeout rides out a brief lock held
 * by another process (a backup, the sqlite3 shell) instead of failing a request.
 *
 * Every write is on disk before its promise resolves. The connection runs `synchronous = FULL`
 * (WAL's default, NORMAL, never fsyncs at COMMIT: a power cut could lose acknowledged batches).
 * Writes go through group commit (groupCommit.ts): concurrent requests share one transaction,
 * and one fsync of the WAL, made off the event loop, before any of them is answered. Reads go
 * straight to the connection. Each capability's ports are built in `<capability>.ts` here.
 */
export function createSqliteStore(options: SqliteStoreOptions): Store {
  const rawDays = rawRetentionDays(options.retentionRawDays); // refuses nonsense before opening anything
  const db = new Database(options.file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  // Each write in a group commit is a savepoint, and SQLite copies every page it changes there
  // into a statement journal that spills to a temp file past 64 KiB: about 46 writes of 4 KiB per
  // 20-message batch, a quarter of its store time. That journal only ever undoes a savepoint within
  // a transaction (crash recovery is the WAL's), so memory loses nothing durable.
  db.pragma('temp_store = MEMORY');
  // Case-insensitive search compares `fold(column)` with the query lower-cased in JavaScript: one
  // rule on both sides, for every script (SQLite's own lower() folds ASCII only).
  db.function('fold', { deterministic: true }, (text: unknown) => (typeof text === 'string' ? text.toLowerCase() : text));
  applyMigrations(db);

  const onDisk = options.file !== ':memory:' && options.file !== '';
  const wal = onDisk ? walSyncer(`${options.file}-wal`) : undefined;
  // Checkpoints off the event loop (checkpointer.ts); the writer's own only as a backstop.
  const checkpointer = onDisk ? startCheckpointer(options.file) : undefined;
  if (checkpointer) db.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
  const logRollups = createSqliteLogRollups(db);
  const writes = createGroupCommit(db, wal?.sync);
  const releases = createSqliteReleases(db);
  const drops = createSqliteDrops(db);
  const logs = createSqliteLogs(db, writes, {
    keepPerGroup: options.occurrencesPerGroup,
    onCounted:
      options.rollups === false
        ? releases.recordOccurrence
        : (records) => {
            releases.recordOccurrence(records);
            logRollups.record(records);
          },
    writeDrop: drops.write,
  });
  const perf = createSqlitePerf(db, writes, { rollups: options.rollups ?? true });
  const analytics = createSqliteAnalytics(db, writes, drops.write, {
    rollups: options.rollups ?? true,
    rawDays,
  });
  const signals = createSqliteSignals(db, writes);
  const consent = createSqliteConsent(db, writes);
  const usnat = createSqliteUsnat(db, writes);
  const ping = db.prepare('SELECT 1');
  const retention = startSqliteRetention(db, writes, { ...options.retention, rawDays, logger: options.logger ?? consoleStoreLogger });

  // All of a call's items or none: the stores' own transactions nest in this one as savepoints,
  // and each item is idempotent by its ids, so a redelivered batch changes nothing. Reports and
  // hits added to the pending rollups are dropped with their rows if a later item rolls the batch back.
  const writeItems = db.transaction((items: readonly IngestItem[]) =>
    dropPendingOnThrow([perf, analytics], () => {
      for (const item of items) {
        if (item.kind === 'logs') logs.write(item.batch);
        else if (item.kind === 'perf') perf.write(item.report);
      }
      analytics.writeBodies(items.filter((item) => item.kind === 'analytics'));
    }),
  );

  return {
    engine: 'sqlite',
    ingest: {
      logs: logs.ingest,
      perf: perf.ingest,
      analytics: analytics.ingest,
      signals: signals.ingest,
      consent: { ...consent.ingest, ...usnat.ingest },
      async writeBatch(items) {
        // Log messages in it are counted with the group transaction's others (logs.ts).
        if (items.length > 0) await writes.run(() => logs.staged(() => writeItems(items)));
      },
    },
    query: {
      logs: { ...logs.query, occurrenceBuckets: logRollups.occurrenceBuckets },
      perf: perf.query,
      analytics: analytics.query,
      drops: drops.query,
      signals: signals.query,
      consent: { ...consent.query, ...usnat.query },
      issues: releases.query,
      groupEvents: releases.query,
      releases: releases.query,
      sourceMaps: releases.query,
      alerts: createSqliteAlerts(db, writes),
    },
    settings: createSqliteSettings(db, writes),
    counters: createSqliteCounters(db, writes),
    async ping() {
      ping.get();
    },
    async close() {
      await retention.stop(); // its chunk under way goes through the group commit, closed next
      await writes.close(); // commits and syncs what is still queued before the connection goes
      await perf.close(); // the rollup sums still in memory
      await analytics.close();
      await wal?.close();
      await checkpointer?.stop();
      if (db.open) db.close();
    },
  };
}
