// The seeded stores of the rollup benchmark: a SQLite data directory or a PostgreSQL database,
// filled by `npm run seed` (the store's own ingest port, so the rollups are built as in
// production) with a manifest of what was seeded per minute. Under BENCH_STORE_DIR a store is
// kept and reused by the next run with the same sizes (seeding 30 million items is the slow
// part); otherwise it lives in a temporary directory / a fresh database and is removed after.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { countInWindow } from '../../packages/server/dist/seed/seedTimeline.js';

const root = new URL('../../', import.meta.url).pathname;
export const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// BENCH_PG_DATABASE: another name, so two benches on one server keep stores of their own.
const KEPT_DATABASE = process.env.BENCH_PG_DATABASE || 'tarmac_rollup_bench';
if (!/^[a-z_][a-z0-9_]*$/.test(KEPT_DATABASE)) throw new Error(`BENCH_PG_DATABASE must be a plain lower-case name: ${KEPT_DATABASE}`);
const MINUTE_MS = 60_000;

/** Runs one statement on the admin database (create / drop / size of a database). */
export async function admin(sql, params = []) {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`The rollup benchmark needs PostgreSQL at ${new URL(ADMIN_URL).host} (set TEST_DATABASE_URL): ${error.message}`, { cause: error });
  }
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}

export const databaseUrl = (name) => {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
};

const databaseExists = async (name) => (await admin('SELECT 1 FROM pg_database WHERE datname = $1', [name])).length > 0;
export const dropDatabase = (name) => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);

/** Bytes on disk: SQLite's file plus its write-ahead log; PostgreSQL's pg_database_size. */
export async function storeBytes(store) {
  if (store.engine === 'postgres') return Number((await admin('SELECT pg_database_size($1) AS bytes', [store.database]))[0].bytes);
  const file = join(store.dataDir, 'tarmac.db');
  return [file, `${file}-wal`].reduce((sum, f) => sum + (existsSync(f) ? statSync(f).size : 0), 0);
}

/** `npm run seed` as a child process; its progress goes to this terminal's stderr. */
function runSeed(args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(root, 'packages/server/dist/cli/seed.js'), ...args], {
      env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(out.trim()) : reject(new Error(`npm run seed exited with ${code}: ${out}`))));
  });
}

const sameSizes = (manifest, sizes) =>
  manifest && manifest.perf === sizes.perf && manifest.hits === sizes.hits && manifest.days === sizes.days;

/**
 * A store of `engine` holding `sizes` ({perf, hits, days}) of seeded traffic ending about now;
 * reused from `keepDir` when it holds one of the same sizes and `reseed` is not asked.
 * Returns where the server finds it (`env`), the seed's manifest, whether it was reused, and
 * `remove()` (a no-op for a kept store).
 */
export async function seededStore(engine, sizes, { keepDir, reseed = false }) {
  const dir = keepDir ? join(keepDir, engine) : mkdtempSync(join(tmpdir(), `tarmac-rollup-${engine}-`));
  const manifestFile = join(dir, 'manifest.json');
  const database = engine === 'postgres' ? (keepDir ? KEPT_DATABASE : `tarmac_rollup_${randomBytes(5).toString('hex')}`) : undefined;
  const store = {
    engine,
    database,
    dataDir: engine === 'sqlite' ? join(dir, 'data') : undefined,
    env: engine === 'postgres' ? { DATABASE_URL: databaseUrl(database) } : { DATA_DIR: join(dir, 'data') },
    remove: async () => {
      if (keepDir) return;
      if (database) await dropDatabase(database);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  const previous = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : undefined;
  const stillThere = engine === 'postgres' ? previous && (await databaseExists(database)) : existsSync(join(store.dataDir, 'tarmac.db'));
  if (!reseed && stillThere && sameSizes(previous, sizes)) return { ...store, manifest: previous, reused: true };

  rmSync(dir, { recursive: true, force: true });
  mkdirSync(engine === 'sqlite' ? store.dataDir : dir, { recursive: true });
  if (database) {
    await dropDatabase(database);
    await admin(`CREATE DATABASE ${database}`);
  }
  // The period ends on a whole minute, so every window of whole minutes counts exactly.
  const now = Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS;
  const args = ['--perf', String(sizes.perf), '--hits', String(sizes.hits), '--days', String(sizes.days), '--now', String(now), '--manifest', manifestFile];
  if (database) args.push('--database-url', databaseUrl(database));
  if (sizes.concurrency) args.push('--concurrency', String(sizes.concurrency));
  try {
    await runSeed(args, engine === 'sqlite' ? { DATA_DIR: store.dataDir } : {});
  } catch (error) {
    await store.remove();
    if (keepDir) rmSync(manifestFile, { force: true });
    throw error;
  }
  return { ...store, manifest: JSON.parse(readFileSync(manifestFile, 'utf8')), reused: false };
}

/** Seeded items of `kind` ('perf' | 'hits') in [from, to) (whole minutes), by the seed's own count. */
export const seededIn = (manifest, kind, from, to) => countInWindow(manifest.timeline, kind, from, to);
