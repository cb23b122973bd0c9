import { afterAll, beforeAll } from 'vitest';
import type pg from 'pg';
import { createPool } from '../db.js';
import { migrate } from '../migrations/migrate.js';
import { migrations } from '../migrations/index.js';
import type { TestDatabase } from './testDatabase.js';
import { createTestDatabase } from './testDatabase.js';

/** A private database with the whole schema, a pool on it, and how to get rid of both. */
export interface MigratedPool {
  pool: pg.Pool;
  /** The database's URL, for more pools (more instances) on it. */
  url: string;
  close(): Promise<void>;
}

/**
 * For adapter tests that need the tables but not the whole store: a fresh database, migrated,
 * with a pool that reads int8 and numeric as numbers like the store's own.
 */
export async function createMigratedPool(): Promise<MigratedPool> {
  const database: TestDatabase = await createTestDatabase();
  const pool = createPool(database.url, 4);
  try {
    await migrate(pool, migrations);
  } catch (error) {
    await pool.end();
    await database.drop();
    throw error;
  }
  return {
    pool,
    url: database.url,
    async close() {
      await pool.end();
      await database.drop();
    },
  };
}


/**
 * A migrated database for the calling `describe`: made before its tests, removed after them.
 * The getter returns it inside tests and hooks.
 */
export function migratedPoolPerSuite(): () => MigratedPool {
  let db: MigratedPool | undefined;
  beforeAll(async () => {
    db = await createMigratedPool();
  });
  afterAll(async () => {
    await db?.close();
  }, 60_000);
  return () => {
    if (!db) throw new Error('no database yet: call the getter inside a test or hook');
    return db;
  };
}
