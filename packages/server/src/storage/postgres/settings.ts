import type pg from 'pg';
import type { SettingsPort } from '../../settings/ports.js';
import { queryRow } from './db.js';

/** Named values in the `settings` table, shared by every instance on the database. */
export function createPostgresSettings(pool: pg.Pool): SettingsPort {
  const get = async (key: string) =>
    (await queryRow<{ value: string }>(pool, 'SELECT value FROM settings WHERE key = $1', [key]))?.value ?? null;
  return {
    get,
    async set(key, value) {
      await pool.query(
        'INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value',
        [key, value],
      );
    },
    async getOrCreate(key, value) {
      // Of instances racing here, one insert wins; the others wait on the key's index entry until
      // it commits, do nothing, and read the winner's value. The read is its own statement so its
      // snapshot is taken after that commit (one statement would keep the snapshot from before it).
      const created = await queryRow<{ value: string }>(
        pool,
        'INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING RETURNING value',
        [key, value],
      );
      if (created) return created.value;
      const stored = await get(key);
      if (stored === null) throw new Error(`setting ${key} vanished while being created`);
      return stored;
    },
  };
}
