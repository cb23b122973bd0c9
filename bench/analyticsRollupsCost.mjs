// Benchmark: what maintaining the analytics rollups costs ingest (issue 11's budget: at most 20%
// of throughput). The same generated hits go into fresh stores with rollups on and off, in
// interleaved rounds so drift in the shared machine's speed hits both alike:
//  - SQLite: an on-disk store (WAL, group commit, fsync per group), hits through the ingest port
//    the routes call, bodies of 5 hits, 32 requests in flight, as a busy server would;
//  - PostgreSQL: `writeBatch` as the JetStream writers call it, pulls of 200 bodies of 5 hits,
//    two writers at once.
// Each round checks what it stored (raw rows, and with rollups on, that every level sums to the
// hits) before its figure counts. The generated traffic has 1,100 dimension tuples (seed/
// syntheticTraffic.ts); a fresh store interns each once, so rounds are long enough (60,000 hits
// on SQLite) for that one-off to weigh like it does in a running server rather than dominate. Not a test: it prints what it measured. Needs `npm run build`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { createPostgresStore } from '../packages/server/dist/storage/postgres/createPostgresStore.js';
import { createSqliteStore } from '../packages/server/dist/storage/sqlite/createSqliteStore.js';
import { seededRandom, syntheticHit } from '../packages/server/dist/seed/syntheticTraffic.js';
import { benchDatabase } from './lib/scaleBackends.mjs';

const rounds = Number(process.env.BENCH_ROUNDS || 5);
const sqliteHits = Number(process.env.BENCH_SQLITE_HITS || 60_000);
const postgresHits = Number(process.env.BENCH_POSTGRES_HITS || 40_000);
const engines = (process.env.BENCH_ENGINES || 'sqlite,postgres').split(',');
const HITS_PER_BODY = 5;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Bodies of generated hits received over the last ten minutes, the same for every round. */
function bodies(total) {
  const random = seededRandom(7);
  const start = Date.now() - 10 * 60_000;
  const out = [];
  for (let i = 0; i < total; ) {
    const hits = [];
    for (let k = 0; k < HITS_PER_BODY && i < total; k++, i++) hits.push(syntheticHit(random, start + Math.floor((i / total) * 600_000), `b-${i}`));
    out.push(hits);
  }
  return out;
}

function expectStored(what, got, want) {
  if (got !== want) throw new Error(`${what}: stored ${got}, expected ${want}`);
}

async function sqliteRound(data, total, rollups) {
  const dir = mkdtempSync(join(tmpdir(), 'tarmac-rollup-bench-'));
  const file = join(dir, 'bench.db');
  try {
    const store = createSqliteStore({ file, rollups });
    let next = 0;
    const started = performance.now();
    const cpu = process.cpuUsage();
    const loop = async () => {
      while (next < data.length) await store.ingest.analytics.insertAnalyticsHits(data[next++]);
    };
    await Promise.all(Array.from({ length: 32 }, loop));
    // Where the rollups are written about once a second, the clock stops once the last sums are
    // too: a rollup read writes what is pending first (this window is empty, so it reads nothing).
    await store.query.analytics.countAnalytics({ from: 0, to: 0 }, 'vertical', 1);
    const seconds = (performance.now() - started) / 1000;
    const { user, system } = process.cpuUsage(cpu);
    await store.close();
    const db = new Database(file, { readonly: true });
    try {
      expectStored('sqlite raw hits', db.prepare('SELECT COUNT(*) FROM analytics_hits').pluck().get(), total);
      for (const level of ['minute', 'hour', 'day']) {
        const sum = db.prepare(`SELECT COALESCE(SUM(n), 0) FROM analytics_rollup_${level}`).pluck().get();
        expectStored(`sqlite ${level} rollups`, sum, rollups ? total : 0);
      }
    } finally {
      db.close();
    }
    return { perSecond: total / seconds, cpuMicrosPerHit: (user + system) / total };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function postgresRound(url, data, total, rollups) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query('TRUNCATE analytics_hits, ingest_keys, analytics_rollup_keys, analytics_rollup_minute, analytics_rollup_hour, analytics_rollup_day');
    const store = await createPostgresStore({ url, poolSize: 4, rollups });
    const pulls = [];
    for (let i = 0; i < data.length; i += 200) pulls.push(data.slice(i, i + 200).map((hits) => ({ kind: 'analytics', hits })));
    let next = 0;
    const started = performance.now();
    const writer = async () => {
      while (next < pulls.length) await store.ingest.writeBatch(pulls[next++]);
    };
    await Promise.all([writer(), writer()]);
    const seconds = (performance.now() - started) / 1000;
    await store.close();
    const count = async (sql) => Number((await admin.query(sql)).rows[0].n);
    expectStored('postgres raw hits', await count('SELECT COUNT(*) AS n FROM analytics_hits'), total);
    for (const level of ['minute', 'hour', 'day']) {
      expectStored(`postgres ${level} rollups`, await count(`SELECT COALESCE(SUM(n), 0) AS n FROM analytics_rollup_${level}`), rollups ? total : 0);
    }
    return { perSecond: total / seconds };
  } finally {
    await admin.end();
  }
}

/** Hits per second with rollups on and off, per round and as medians, and the cost (1 − on/off). */
export async function benchAnalyticsRollupsCost() {
  const result = {};
  if (engines.includes('sqlite')) result.sqlite = await benchSqlite();
  if (engines.includes('postgres')) result.postgres = await benchPostgres();
  return result;
}

async function benchSqlite() {
  const sqliteData = bodies(sqliteHits);
  const sqlite = { on: [], off: [] };
  for (let r = 0; r < rounds; r++) {
    // Alternate which goes first, so neither always runs on a warmer machine.
    for (const rollups of r % 2 ? [false, true] : [true, false]) sqlite[rollups ? 'on' : 'off'].push(await sqliteRound(sqliteData, sqliteHits, rollups));
  }
  return { hits: sqliteHits, ...sqlite };
}

async function benchPostgres() {
  const database = await benchDatabase();
  try {
    // Migrate once, so no round pays for it.
    await (await createPostgresStore({ url: database.url, poolSize: 1 })).close();
    const postgresData = bodies(postgresHits);
    const postgres = { on: [], off: [] };
    for (let r = 0; r < rounds; r++) {
      for (const rollups of r % 2 ? [false, true] : [true, false]) postgres[rollups ? 'on' : 'off'].push(await postgresRound(database.url, postgresData, postgresHits, rollups));
    }
    return { hits: postgresHits, ...postgres };
  } finally {
    await database.drop();
  }
}

export function describeAnalyticsRollupsCost(result) {
  const lines = [`analytics ingest, rollups on vs off, hits/s (median of ${rounds} interleaved rounds; cost = 1 − on/off):`];
  const engines = { sqlite: 'ingest port, on disk, 32 requests of 5 hits in flight', postgres: 'writeBatch, pulls of 200 bodies × 5 hits, 2 writers' };
  for (const [engine, how] of Object.entries(engines)) {
    if (!result[engine]) continue;
    const { on, off, hits } = result[engine];
    const rate = (runs) => median(runs.map((run) => run.perSecond));
    lines.push(`  ${engine} (${how}, ${hits} hits): on ${rate(on).toFixed(0)} · off ${rate(off).toFixed(0)} · cost ${((1 - rate(on) / rate(off)) * 100).toFixed(1)}%`);
    lines.push(`    rounds on:  ${on.map((run) => run.perSecond.toFixed(0)).join(', ')}`);
    lines.push(`    rounds off: ${off.map((run) => run.perSecond.toFixed(0)).join(', ')}`);
    if (on[0].cpuMicrosPerHit !== undefined) {
      // CPU time of the whole process (writer, fsync and checkpoint threads): steadier than wall time on a busy machine.
      const cpu = (runs) => median(runs.map((run) => run.cpuMicrosPerHit));
      lines.push(`    CPU µs per hit: on ${cpu(on).toFixed(1)} · off ${cpu(off).toFixed(1)} · +${((cpu(on) / cpu(off) - 1) * 100).toFixed(1)}%`);
    }
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(describeAnalyticsRollupsCost(await benchAnalyticsRollupsCost()).join('\n'));
}
