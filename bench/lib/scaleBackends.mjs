// The services of the scale-out benchmark: a private PostgreSQL database and a private JetStream
// stream per setup (created here, removed afterwards), and the built server started as many
// times as a setup asks, each instance on its own port and data directory.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import pg from 'pg';

const root = new URL('../../', import.meta.url).pathname;
export const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';
export const BENCH_TOKEN = 'bench';

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

async function admin(sql) {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`The scale benchmark needs PostgreSQL at ${new URL(ADMIN_URL).host} (set TEST_DATABASE_URL): ${error.message}`, { cause: error });
  }
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh database; `drop()` removes it. */
export async function benchDatabase() {
  const name = `tarmac_bench_${randomBytes(5).toString('hex')}`;
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** A stream name of its own; `drop()` deletes the stream the servers created under it. */
export async function benchStream() {
  const name = `TARMAC_BENCH_${randomBytes(5).toString('hex').toUpperCase()}`;
  let nc;
  try {
    nc = await connect({ servers: NATS_URL, timeout: 3000 });
  } catch (error) {
    throw new Error(`The scale benchmark needs NATS with JetStream at ${NATS_URL} (set TEST_NATS_URL): ${error.message}`, { cause: error });
  }
  return {
    name,
    drop: async () => {
      const jsm = await jetstreamManager(nc);
      await jsm.streams.delete(name).catch(() => false);
      await nc.close();
    },
  };
}

/**
 * Starts one built server with `env`; resolves with its URL and a stop() once /healthz says ok
 * (within `startSeconds`: a server opening a store of tens of millions of rows takes longer).
 */
export async function startInstance(env, { startSeconds = 15 } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'tarmac-scale-'));
  const port = await freePort();
  const child = spawn(process.execPath, [join(root, 'packages/server/dist/main.js')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, CONSOLE_TOKEN: BENCH_TOKEN, SESSION_SECRET: 'bench-session-secret-0123456789', RATE_LIMIT_INGEST: '0', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk) => (errors += chunk));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; i < startSeconds * 20; i++) {
    if (child.exitCode !== null) break;
    const health = await fetch(`${url}/healthz`).then((r) => r.json(), () => undefined);
    if (health?.ok) return { url, dataDir, health, stop, pid: child.pid };
    await new Promise((r) => setTimeout(r, 50));
  }
  await stop();
  throw new Error(`The server did not become healthy: ${errors.slice(-500)}`);
}
