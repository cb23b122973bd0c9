import type { Database } from 'better-sqlite3';
import type { Migration } from './migrations/migration.js';
import { sqliteMigrations } from './migrations/index.js';

/**
 * Brings a database up to the newest schema. Each pending migration runs in its own transaction
 * together with its bookkeeping row, so a crash leaves the schema at a known version.
 */
export function applyMigrations(db: Database, list: readonly Migration[] = sqliteMigrations): number[] {
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
