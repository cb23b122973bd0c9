import type { Database } from 'better-sqlite3';
import type { SettingsPort } from '../../settings/ports.js';
import type { GroupCommit } from './groupCommit.js';

/**
 * Named settings on SQLite, in the `settings` table of migration 1. Writes go through the group
 * commit, so a value is on disk before `set` resolves. `getOrCreate` inserts only when the key is
 * absent and then reads whatever is there, in one work item of the group commit: of two callers
 * with different candidates, the first one written wins and both get it.
 */
export function createSqliteSettings(db: Database, writes: GroupCommit): SettingsPort {
  const read = db.prepare('SELECT value FROM settings WHERE key = ?').pluck();
  const write = db.prepare(`
    INSERT INTO settings (key, value) VALUES (?, ?)
    ON CONFLICT (key) DO UPDATE SET value = excluded.value`);
  const insertIfAbsent = db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING');

  return {
    async get(key) {
      return (read.get(key) as string | undefined) ?? null;
    },
    async set(key, value) {
      await writes.run(() => write.run(key, value));
    },
    getOrCreate(key, value) {
      return writes.run(() => {
        insertIfAbsent.run(key, value);
        return read.get(key) as string;
      });
    },
  };
}
