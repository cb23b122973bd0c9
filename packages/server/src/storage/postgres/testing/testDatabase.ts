import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A private database for one test file, and how to get rid of it. */
export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Creates `tarmac_test_<random>` through the admin URL (`TEST_DATABASE_URL`, else the standard
 * local server), so runs and files never share state. Fails loudly when no server answers:
 * a storage test that quietly skipped would prove nothing.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL ?? DEFAULT_ADMIN_URL;
  const name = `tarmac_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withAdmin(adminUrl, async (admin) => {
        await untilUnused(admin, name);
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }),
  };
}

/**
 * A pool for a test's own statements on its database. Why the listener: `pool.end()` resolves
 * before its connections have closed, and a backend still closing when the database is dropped
 * WITH (FORCE) answers with a FATAL error, which the pool re-emits as 'error'; with nobody
 * listening that was an uncaught exception failing a CI run whose tests had all passed.
 */
export function createTestPool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => {});
  return pool;
}

const UNUSED_WAIT_MS = 3_000;

// Sessions of pools just ended are still closing for a moment: waiting for them to leave first
// means FORCE only ends sessions a test really left open (a store it never closed).
async function untilUnused(admin: pg.Client, name: string): Promise<void> {
  const deadline = Date.now() + UNUSED_WAIT_MS;
  while (Date.now() < deadline) {
    const { rows } = await admin.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
    if (rows[0]!.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function withAdmin<T>(adminUrl: string, fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
  } catch (error) {
    await admin.end().catch(() => {});
    throw new Error(
      `PostgreSQL cannot be reached at ${redact(adminUrl)} (${(error as Error).message}). The storage tests need one: ` +
        'start PostgreSQL on 127.0.0.1:5432 with trust auth for user postgres, or set TEST_DATABASE_URL to an ' +
        'admin connection URL (postgres://user:password@host:port/postgres) of a server where that user may create databases.',
      { cause: error },
    );
  }
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

/** The URL without its password, fit for an error message. */
function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}
