import Database from 'better-sqlite3';
import type { ClientLogReply } from '../../logs/contract.js';
import type { StoredDropReport } from '../../drops/contract.js';
import type { StoredAnalyticsHit } from '../../analytics/contract.js';
import type { ClientLogInsert, Storage } from '../types.js';
import { createSqliteAlertStore } from './alertStore.js';
import { createSqliteAnalyticsStore } from './analyticsStore.js';
import { createSqliteConsentStore } from './consentStore.js';
import { createSqliteDropStore } from './dropStore.js';
import { createGroupCommit, walSyncer } from './groupCommit.js';
import { createSqliteLogStore } from './logStore.js';
import { createSqliteReleaseStore } from './releaseStore.js';
import { applyMigrations } from './migrate.js';
import { createSqliteSignalsStore } from './signalsStore.js';
import { createSqlitePerfStore } from './perfStore.js';

/** Where the SQLite store lives; ':memory:' gives a private throwaway database (tests). */
export interface SqliteStorageOptions {
  file: string;
  /** Occurrences kept per log group; defaults to 200. */
  occurrencesPerGroup?: number;
}

const LOG_SETTINGS_KEY = 'logs';

/**
 * The default store: one embedded SQLite file, so `npm start` needs no database server.
 * WAL lets console reads run beside ingest writes; busy_timeout rides out a brief lock held
 * by another process (a backup, the sqlite3 shell) instead of failing a request.
 *
 * Every write is on disk before its promise resolves. The connection runs `synchronous = FULL`
 * (WAL's default, NORMAL, never fsyncs at COMMIT: a power cut could lose acknowledged batches).
 * Writes go through group commit (groupCommit.ts): concurrent requests share one transaction,
 * and one fsync of the WAL, made off the event loop, before any of them is answered. Reads go
 * straight to the connection.
 */
export function createSqliteStorage(options: SqliteStorageOptions): Storage {
  const db = new Database(options.file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  applyMigrations(db);

  const releases = createSqliteReleaseStore(db);
  const logs = createSqliteLogStore(db, options.occurrencesPerGroup, releases.recordOccurrence);
  const perf = createSqlitePerfStore(db);
  const analytics = createSqliteAnalyticsStore(db);
  const drops = createSqliteDropStore(db);
  const signals = createSqliteSignalsStore(db);
  const consent = createSqliteConsentStore(db);
  const wal = options.file === ':memory:' || options.file === '' ? undefined : walSyncer(`${options.file}-wal`);
  const writes = createGroupCommit(db, wal?.sync);
  // A body's drop report is stored with its items or not at all; the stores' own transactions
  // nest inside these as savepoints.
  const storeLogBatch = db.transaction((batch: ClientLogInsert) => {
    logs.insertClientLogs(batch);
    if (batch.dropped) drops.insertDropReport(batch.dropped);
  });
  const storeHits = db.transaction((hits: StoredAnalyticsHit[], dropped: StoredDropReport | undefined) => {
    analytics.insertAnalyticsHits(hits);
    if (dropped) drops.insertDropReport(dropped);
  });
  const readSetting = db.prepare('SELECT value FROM settings WHERE key = ?').pluck();
  const writeSetting = db.prepare(`
    INSERT INTO settings (key, value) VALUES (?, ?)
    ON CONFLICT (key) DO UPDATE SET value = excluded.value`);

  return {
    ...signals,
    ...consent,
    ...releases.storage,
    ...createSqliteAlertStore(db, writes),
    // These two stores' writes are async functions of one statement each: a failure leaves
    // nothing behind (statement atomicity) and reaches the caller through the returned promise.
    insertSignalReport: (report) => writes.run(() => signals.insertSignalReport(report)),
    insertSignalFallback: (hit) => writes.run(() => signals.insertSignalFallback(hit)),
    insertConsentChoice: (choice) => writes.run(() => consent.insertConsentChoice(choice)),
    insertClientLogs: (batch) => writes.run(() => storeLogBatch(batch)),
    async listLogGroups(filter) {
      return logs.listLogGroups(filter);
    },
    async getLogGroup(groupId) {
      return logs.getLogGroup(groupId);
    },
    async getLogSettings() {
      const value = readSetting.get(LOG_SETTINGS_KEY) as string | undefined;
      return value === undefined ? null : (JSON.parse(value) as ClientLogReply);
    },
    async setLogSettings(settings) {
      await writes.run(() => writeSetting.run(LOG_SETTINGS_KEY, JSON.stringify(settings)));
    },
    insertPerfReport: (report) => writes.run(() => perf.insertPerfReport(report)),
    async listPerfReports(filter) {
      return perf.listPerfReports(filter);
    },
    insertAnalyticsHits: (hits, dropped) => writes.run(() => storeHits(hits, dropped)),
    async countAnalytics(filter, by, limit) {
      return analytics.countAnalytics(filter, by, limit);
    },
    async analyticsTimeline(filter, bucketMs) {
      return analytics.analyticsTimeline(filter, bucketMs);
    },
    async dropSummary(window) {
      return drops.dropSummary(window);
    },
    async close() {
      await writes.close(); // commits and syncs what is still queued before the connection goes
      await wal?.close();
      if (db.open) db.close();
    },
  };
}
