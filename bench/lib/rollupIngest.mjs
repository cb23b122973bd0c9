// What maintaining the rollups costs at ingest: two servers on fresh stores of one engine, one
// with TARMAC_ROLLUPS=off, loaded in interleaved rounds by the same client loops with the same
// traffic (perf reports and 10-hit analytics bodies, alternating). Afterwards each store must
// hold exactly what it acknowledged, or no figure is returned.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { startInstance } from './scaleBackends.mjs';
import { admin, databaseUrl, dropDatabase } from './seededStores.mjs';
import { trafficBodies } from './trafficBodies.mjs';

const SIDES = ['on', 'off'];
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * CPU ms the server process has used (user + system, every thread), from /proc: per request it
 * moves less than throughput when other work shares the machine. PostgreSQL's own backends are
 * other processes and not counted.
 */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** `concurrency` loops posting alternately a perf report and an analytics body for `seconds`. */
async function round(url, bodies, { seconds, concurrency }) {
  const done = { requests: 0, perf: 0, hits: 0, failures: [], seconds: 0 };
  let sent = 0;
  const end = performance.now() + seconds * 1000;
  const loop = async () => {
    while (performance.now() < end) {
      if (sent++ % 2 === 0) {
        const response = await fetch(`${url}/s/run/perf`, {
          method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' }, body: bodies.perf(),
        });
        const text = await response.text();
        if (response.status === 204) done.perf++;
        else done.failures.push(`perf ${response.status} ${text.slice(0, 120)}`);
      } else {
        const { body, hits } = bodies.analytics();
        const response = await fetch(`${url}/a/api/analytics/events`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        const text = await response.text();
        if (response.ok) done.hits += hits;
        else done.failures.push(`analytics ${response.status} ${text.slice(0, 120)}`);
      }
      done.requests++;
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, loop));
  done.seconds = (performance.now() - t0) / 1000;
  return done;
}

async function storedRows(engine, side) {
  const sql = ['SELECT count(*) AS n FROM perf_reports', 'SELECT count(*) AS n FROM analytics_hits'];
  if (engine === 'sqlite') {
    const db = new Database(join(side.dataDir, 'tarmac.db'), { readonly: true, fileMustExist: true });
    try {
      const [perf, hits] = sql.map((q) => db.prepare(q).get().n);
      return { perf, hits };
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: side.databaseUrl });
  await client.connect();
  try {
    const [perf, hits] = await Promise.all(sql.map(async (q) => Number((await client.query(q)).rows[0].n)));
    return { perf, hits };
  } finally {
    await client.end();
  }
}

/**
 * Rollups on vs off for `engine` ('sqlite' | 'postgres'): requests/s and server CPU ms per
 * request of each side over all rounds, their ratios, and the median throughput ratio of
 * neighbouring rounds (less moved by a burst of load elsewhere on a shared machine). The
 * warm-up rounds count towards the stored totals only.
 */
export async function ingestOnOff(engine, { rounds, roundSeconds, concurrency }) {
  const sides = {};
  try {
    for (const name of SIDES) {
      // Direct ingest (routes write the store), whatever NATS_URL this shell has: the cost of
      // the rollups, not of a JetStream hop, is measured.
      const env = { NATS_URL: '', INGEST_WRITERS: '', TARMAC_ROLLUPS: name };
      let database;
      if (engine === 'postgres') {
        database = `tarmac_rollup_ingest_${randomBytes(5).toString('hex')}`;
        await admin(`CREATE DATABASE ${database}`);
        env.DATABASE_URL = databaseUrl(database);
      }
      sides[name] = { database, databaseUrl: env.DATABASE_URL, totals: { requests: 0, seconds: 0, cpuMs: 0 } };
      Object.assign(sides[name], await startInstance(env, { startSeconds: 60 }));
    }
    const acknowledged = { on: { perf: 0, hits: 0 }, off: { perf: 0, hits: 0 } };
    const run = async (name, seed, seconds) => {
      const cpuBefore = cpuMs(sides[name].pid);
      const r = await round(sides[name].url, trafficBodies(seed, `${name}${seed}`), { seconds, concurrency });
      r.cpuMs = cpuMs(sides[name].pid) - cpuBefore;
      if (r.failures.length > 0) throw new Error(`rollups ${name}: ${r.failures.length} requests failed, first: ${r.failures[0]}`);
      acknowledged[name].perf += r.perf;
      acknowledged[name].hits += r.hits;
      return r;
    };
    // A discarded pair of full rounds first, so neither side's first measured round follows a
    // shorter warm-up than the other's (a round leaves work behind: checkpoints, GC, vacuum).
    for (const name of SIDES) await run(name, 0, roundSeconds);
    const pairRatios = [];
    for (let i = 1; i <= rounds; i++) {
      const rate = {};
      for (const name of i % 2 === 1 ? SIDES : [...SIDES].reverse()) {
        const r = await run(name, i, roundSeconds);
        const t = sides[name].totals;
        t.requests += r.requests;
        t.seconds += r.seconds;
        t.cpuMs += r.cpuMs;
        rate[name] = r.requests / r.seconds;
      }
      pairRatios.push(rate.on / rate.off);
    }
    const result = { engine, rounds, roundSeconds, concurrency };
    for (const name of SIDES) {
      const stored = await storedRows(engine, sides[name]);
      const expected = acknowledged[name];
      if (stored.perf !== expected.perf || stored.hits !== expected.hits) {
        throw new Error(`rollups ${name}: acknowledged ${expected.perf} reports and ${expected.hits} hits but stored ${stored.perf} and ${stored.hits}`);
      }
      const t = sides[name].totals;
      result[name] = { requestsPerSecond: t.requests / t.seconds, cpuMsPerRequest: t.cpuMs / t.requests, perfStored: stored.perf, hitsStored: stored.hits };
    }
    result.ratio = result.on.requestsPerSecond / result.off.requestsPerSecond;
    result.cpuRatio = result.on.cpuMsPerRequest / result.off.cpuMsPerRequest;
    result.medianPairRatio = pairRatios.sort((a, b) => a - b)[Math.floor(pairRatios.length / 2)];
    return result;
  } finally {
    for (const side of Object.values(sides)) {
      await side.stop?.();
      if (side.database) await dropDatabase(side.database);
    }
  }
}
