// Private PostgreSQL and NATS (JetStream) instances in a temporary folder, on free ports, owned by
// the calling process: for `npm test` when no shared server is there, and for the topology test,
// which restarts them mid-run and so must never touch a server anyone else uses. Only Node's
// standard library, `pg` and the NATS client, which `npm ci` has installed before tests run.
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { constants as osConstants, tmpdir } from 'node:os';
import { join } from 'node:path';

export const natsServerPath = '/usr/sbin/nats-server';
const postgresRoot = '/usr/lib/postgresql';

/** A port nobody listens on right now (the OS picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });
}

/** The bin folder of the newest PostgreSQL Debian installed, or null. */
export function postgresBinDir() {
  if (!existsSync(postgresRoot)) return null;
  const versions = readdirSync(postgresRoot)
    .filter((name) => /^\d+$/.test(name) && existsSync(join(postgresRoot, name, 'bin', 'postgres')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(postgresRoot, versions[0], 'bin') : null;
}

/** Which of the two servers' binaries are on this machine. */
export function serviceBinaries() {
  return { postgres: postgresBinDir() !== null, nats: existsSync(natsServerPath) };
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

// PostgreSQL refuses to run as root: as root, its files and processes belong to `postgres`.
function postgresUser() {
  if (!isRoot()) return {};
  const id = (flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

async function until(check, timeoutMs, what, child) {
  const deadline = Date.now() + timeoutMs;
  let lastError;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${what}: the process exited with code ${child.exitCode}`);
    try {
      if (await check()) return;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} not ready after ${timeoutMs} ms${lastError ? `: ${lastError.message}` : ''}`);
}

// Children still running when this process exits (a crashed test, Ctrl-C) die with it, and
// their folders go too.
const running = new Set();
const folders = new Set();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

// A test runner ends its workers with SIGTERM, and Ctrl-C sends SIGINT: by default either skips
// 'exit' handlers, leaving the servers running. Made into an exit (with the shell's status for
// the signal) unless someone else already handles the signal.
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) {
  if (process.listenerCount(signal) === 0) process.once(signal, () => process.exit(128 + osConstants.signals[signal]));
}

function temporaryFolder(prefix) {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  folders.add(folder);
  return folder;
}

function removeFolder(folder) {
  rmSync(folder, { recursive: true, force: true });
  folders.delete(folder);
}

function spawnOwned(command, args, options, output) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
  running.add(child);
  child.stdout.on('data', (chunk) => output.push(chunk.toString()));
  child.stderr.on('data', (chunk) => output.push(chunk.toString()));
  child.once('exit', () => running.delete(child));
  return child;
}

function stopChild(child, signal, timeoutMs = 30_000) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill(signal);
  });
}

/** Resolves when a PostgreSQL at `url` answers a query. */
export async function postgresAnswers(url) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Resolves when a NATS server at `url` answers with JetStream enabled (its account info). */
export async function jetStreamAnswers(url) {
  const { connect } = await import('@nats-io/transport-node');
  const { jetstreamManager } = await import('@nats-io/jetstream');
  const nc = await connect({ servers: url, timeout: 2000, reconnect: false });
  try {
    const jsm = await jetstreamManager(nc, { timeout: 2000 });
    await jsm.getAccountInfo();
    return true;
  } finally {
    await nc.close().catch(() => {});
  }
}

/**
 * Starts a private PostgreSQL (trust auth, user postgres) in a fresh temporary folder on a free
 * port. `restart()` stops it (`immediate`: as if it crashed, recovery replays the WAL; or `fast`)
 * and starts it again on the same port and data; `stop()` ends it and removes the folder.
 */
export async function startPostgres({ timeoutMs = 60_000 } = {}) {
  const bin = postgresBinDir();
  if (!bin) throw new Error(`no PostgreSQL under ${postgresRoot}: install Debian's postgresql package`);
  const owner = postgresUser();
  const base = temporaryFolder('tarmac-pg-');
  const data = join(base, 'data');
  if (owner.uid !== undefined) chownSync(base, owner.uid, owner.gid);
  const output = [];
  const initdb = spawnOwned(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'], { ...owner, cwd: base }, output);
  const initCode = await new Promise((resolve) => initdb.once('exit', (code) => resolve(code)));
  if (initCode !== 0) throw new Error(`initdb failed (exit ${initCode}):\n${output.join('')}`);
  const port = await freePort();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  // fsync off: restarts here kill processes, never the machine, so the page cache keeps every
  // write; syncing would only slow a shared test machine.
  const args = ['-D', data, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-k', base, '-c', 'fsync=off', '-c', 'max_connections=200'];
  let child;
  const start = async () => {
    child = spawnOwned(join(bin, 'postgres'), args, { ...owner, cwd: base }, output);
    await until(() => postgresAnswers(url), timeoutMs, `PostgreSQL on port ${port}`, child).catch((error) => {
      child.kill('SIGKILL');
      throw new Error(`${error.message}\n${output.join('').slice(-4000)}`);
    });
  };
  await start();
  return {
    url,
    port,
    output: () => output.join(''),
    async restart({ mode = 'immediate' } = {}) {
      await stopChild(child, mode === 'immediate' ? 'SIGQUIT' : 'SIGINT');
      await start();
    },
    async stop() {
      await stopChild(child, 'SIGINT');
      removeFolder(base);
    },
  };
}

/**
 * Starts a private nats-server with JetStream (file storage in a fresh temporary folder) on a
 * free port. `restart()` ends it gracefully (SIGTERM) and starts it again on the same port and
 * store; `stop()` ends it and removes the folder.
 */
export async function startNats({ timeoutMs = 30_000 } = {}) {
  if (!existsSync(natsServerPath)) throw new Error(`no ${natsServerPath}: install Debian's nats-server package`);
  const base = temporaryFolder('tarmac-nats-');
  mkdirSync(join(base, 'jetstream'));
  const port = await freePort();
  const url = `nats://127.0.0.1:${port}`;
  const args = ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', join(base, 'jetstream')];
  const output = [];
  let child;
  const start = async () => {
    child = spawnOwned(natsServerPath, args, { cwd: base }, output);
    await until(() => jetStreamAnswers(url), timeoutMs, `nats-server on port ${port}`, child).catch((error) => {
      child.kill('SIGKILL');
      throw new Error(`${error.message}\n${output.join('').slice(-4000)}`);
    });
  };
  await start();
  return {
    url,
    port,
    output: () => output.join(''),
    async restart() {
      await stopChild(child, 'SIGTERM');
      await start();
    },
    async stop() {
      await stopChild(child, 'SIGTERM');
      removeFolder(base);
    },
  };
}

/** On Debian as root: `apt-get install -y postgresql nats-server`. Resolves with whether it worked. */
export async function installServiceBinaries(run) {
  if (!existsSync('/etc/debian_version') || !isRoot()) return false;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if ((await run('apt-get', ['update', '-qq'], { env })) !== 0) return false;
  if ((await run('apt-get', ['install', '-y', '-qq', 'postgresql', 'nats-server'], { env })) !== 0) return false;
  const present = serviceBinaries();
  return present.postgres && present.nats;
}

/** True when this machine may install the servers itself (Debian, root). */
export const canInstallServices = () => existsSync('/etc/debian_version') && isRoot();
