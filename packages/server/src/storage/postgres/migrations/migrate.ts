import type pg from 'pg';
import { connectClient } from '../db.js';
import type { Migration } from './migration.js';

// Any fixed 64-bit number works, as long as nothing else in the database uses it for another lock.
const MIGRATION_LOCK_KEY = 7_263_512_001;

/**
 * Brings the database up to the newest schema and returns the versions this call applied.
 *
 * Many instances may start at once: each takes the same session-level advisory lock on one
 * connection and holds it until it is done, so one migrates while the others wait, then find
 * nothing left to do. Each pending migration runs in its own transaction together with its
 * bookkeeping row, so a crash leaves the schema at a known version.
 */
export async function migrate(pool: pg.Pool, list: readonly Migration[]): Promise<number[]> {
  const client = await connectClient(pool);
  let broken: Error | undefined;
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      return await applyPending(client, list);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } catch (error) {
    broken = error as Error;
    throw error;
  } finally {
    // Destroyed on failure: a connection still holding the lock must not go back to the pool.
    client.release(broken);
  }
}

async function applyPending(client: pg.PoolClient, list: readonly Migration[]): Promise<number[]> {
  // The bookkeeping table is the one thing that must exist before any version can be read.
  await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at BIGINT NOT NULL
  )`);
  const applied = new Set(
    (await client.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map((row) => row.version),
  );
  const ran: number[] = [];
  for (const migration of [...list].sort((a, b) => a.version - b.version)) {
    if (applied.has(migration.version)) continue;
    await client.query('BEGIN');
    try {
      await client.query(migration.sql);
      await client.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [
        migration.version,
        migration.name,
        Date.now(),
      ]);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {}); // a dead connection has rolled back already
      throw new Error(`migration ${migration.version} (${migration.name}) failed: ${(error as Error).message}`, { cause: error });
    }
    ran.push(migration.version);
  }
  return ran;
}
