// One side of the rollup ingest benchmark: the built server on a fresh store, rollups on or off,
// ingesting directly (routes write the store) or through a JetStream stream of its own (routes
// publish, the in-process writer stores), and the rows its store holds.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { NATS_URL, benchStream, startInstance } from './scaleBackends.mjs';
import { admin, databaseUrl, dropDatabase } from './seededStores.mjs';

const CLOCK_TICKS_PER_SECOND = 100;
const COUNTS = ['SELECT count(*) AS n FROM perf_reports', 'SELECT count(*) AS n FROM analytics_hits'];

/**
 * CPU ms the server process has used (user + system, every thread), from /proc: per request it
 * moves less than throughput when other work shares the machine. PostgreSQL's own backends are
 * other processes and not counted; nor is NATS.
 */
export function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/**
 * Starts a side: `engine` 'sqlite' | 'postgres', `rollups` 'on' | 'off', `mode` 'direct' |
 * 'jetstream' (PostgreSQL only: the server refuses NATS in front of SQLite). Resolves with the
 * server's url and pid, `stored()` (rows in perf_reports and analytics_hits), on PostgreSQL
 * `rolledUp()` (the reports the minute rollups count, which SQLite writes later, from its pending rollups) and
 * `stop()`, which also removes the database and the stream.
 */
export async function startSide(engine, rollups, mode) {
  if (mode === 'jetstream' && engine !== 'postgres') throw new Error('JetStream ingest needs PostgreSQL');
  // Whatever NATS_URL this shell has, only a jetstream side gets one; one writer, the default.
  const env = { NATS_URL: '', NATS_STREAM: '', INGEST_WRITERS: '', TARMAC_ROLLUPS: rollups };
  const cleanups = [];
  const stop = async () => {
    while (cleanups.length > 0) await cleanups.pop()();
  };
  try {
    let client;
    if (engine === 'postgres') {
      const database = `tarmac_rollup_ingest_${randomBytes(5).toString('hex')}`;
      await admin(`CREATE DATABASE ${database}`);
      cleanups.push(() => dropDatabase(database));
      env.DATABASE_URL = databaseUrl(database);
    }
    if (mode === 'jetstream') {
      const stream = await benchStream();
      cleanups.push(() => stream.drop());
      Object.assign(env, { NATS_URL, NATS_STREAM: stream.name });
    }
    const server = await startInstance(env, { startSeconds: 60 });
    cleanups.push(() => server.stop());
    if (engine === 'postgres') {
      client = new pg.Client({ connectionString: env.DATABASE_URL });
      await client.connect();
      cleanups.push(() => client.end());
    }
    const stored = async () => {
      if (client) {
        const [perf, hits] = await Promise.all(COUNTS.map(async (q) => Number((await client.query(q)).rows[0].n)));
        return { perf, hits };
      }
      const db = new Database(join(server.dataDir, 'tarmac.db'), { readonly: true, fileMustExist: true });
      try {
        const [perf, hits] = COUNTS.map((q) => db.prepare(q).get().n);
        return { perf, hits };
      } finally {
        db.close();
      }
    };
    const rolledUp = client
      ? async () => Number((await client.query('SELECT coalesce(sum(reports), 0) AS n FROM perf_rollup_minute')).rows[0].n)
      : undefined;
    return { url: server.url, pid: server.pid, stored, rolledUp, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Waits until the side's store holds `expected` ({perf, hits}: everything acknowledged so far),
 * polling every `everyMs`; resolves with the ms waited. A store holding more than was
 * acknowledged, or not catching up within `timeoutMs`, is an error: no figure then.
 */
export async function drain(side, expected, { everyMs = 20, timeoutMs = 300_000 } = {}) {
  const t0 = performance.now();
  for (;;) {
    const now = await side.stored();
    if (now.perf > expected.perf || now.hits > expected.hits) {
      throw new Error(`stored ${now.perf} reports and ${now.hits} hits, more than the ${expected.perf} and ${expected.hits} acknowledged`);
    }
    if (now.perf === expected.perf && now.hits === expected.hits) return performance.now() - t0;
    if (performance.now() - t0 > timeoutMs) {
      throw new Error(`the writers did not catch up within ${timeoutMs / 1000} s: ${now.perf} of ${expected.perf} reports, ${now.hits} of ${expected.hits} hits stored`);
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
