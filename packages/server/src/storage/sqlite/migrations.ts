import type { Database } from 'better-sqlite3';
import { SIGNALS_MIGRATION_SQL } from './signalsStore.js';
import { CONSENT_MIGRATION_SQL, consentObjectionsMigration } from './consentStore.js';
import { analyticsMigration } from './analyticsStore.js';
import { perfMigration } from './perfStore.js';
import { dropsMigration } from './dropStore.js';
import { clientIdsMigration } from './clientIdsMigration.js';
import { logRingMigration } from './logStore.js';
import { releasesMigration } from './releaseMigration.js';
import { alertsMigration } from './alertStore.js';

/** A numbered schema change. Numbers only grow; a shipped migration is never edited. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** The schema history of the SQLite store, oldest first. */
export const migrations: readonly Migration[] = [
  {
    version: 1,
    name: 'client logs and settings',
    sql: `
      CREATE TABLE log_groups (
        group_id TEXT PRIMARY KEY,
        product TEXT NOT NULL,
        level INTEGER NOT NULL,
        type TEXT NOT NULL,
        message TEXT NOT NULL,
        file_name TEXT,
        line_no INTEGER,
        col_no INTEGER,
        count INTEGER NOT NULL DEFAULT 0,
        first_seen INTEGER NOT NULL,
        last_seen INTEGER NOT NULL,
        stack TEXT NOT NULL
      );
      CREATE INDEX log_groups_last_seen ON log_groups (last_seen DESC);
      CREATE TABLE log_occurrences (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        group_id TEXT NOT NULL REFERENCES log_groups (group_id) ON DELETE CASCADE,
        message_id TEXT NOT NULL,
        received_at INTEGER NOT NULL,
        occurrences INTEGER NOT NULL,
        url TEXT,
        user_agent TEXT,
        extra_args TEXT NOT NULL,
        context TEXT NOT NULL
      );
      CREATE UNIQUE INDEX log_occurrences_message ON log_occurrences (group_id, message_id);
      CREATE TABLE settings (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
      CREATE TABLE counters (
        name TEXT PRIMARY KEY,
        value INTEGER NOT NULL
      );
    `,
  },
  { version: 2, name: 'consent choices', sql: CONSENT_MIGRATION_SQL },
  perfMigration,
  analyticsMigration,
  { version: 5, name: 'browser signals', sql: SIGNALS_MIGRATION_SQL },
  dropsMigration,
  clientIdsMigration,
  logRingMigration,
  consentObjectionsMigration,
  releasesMigration,
  alertsMigration,
];

/**
 * Brings a database up to the newest schema. Each pending migration runs in its own transaction
 * together with its bookkeeping row, so a crash leaves the schema at a known version.
 */
export function applyMigrations(db: Database, list: readonly Migration[] = migrations): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at INTEGER NOT NULL
  )`);
  const applied = new Set(
    db.prepare('SELECT version FROM schema_migrations').pluck().all() as number[],
  );
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  const ran: number[] = [];
  for (const migration of [...list].sort((a, b) => a.version - b.version)) {
    if (applied.has(migration.version)) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      record.run(migration.version, migration.name, Date.now());
    })();
    ran.push(migration.version);
  }
  return ran;
}
