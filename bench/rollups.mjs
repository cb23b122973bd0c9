// Benchmark (issue 11): console reads over a seeded store and what the rollups cost at ingest,
// on SQLite and on PostgreSQL. For each engine: seed (or reuse) a store with BENCH_PERF reports
// and BENCH_HITS analytics hits over BENCH_DAYS days through `npm run seed` (the store's own
// ingest port), start the built server on it, check that the summaries count exactly what was
// seeded (and that the seed's LCP attribution is all in the rollups), then time every windowed
// read the console makes on open for 24 h, 7 d and 30 d, the "What to fix" attribution reads included
// (warm-up, then median and max of BENCH_READ_CALLS calls; pass = median ≤ 100 ms). Then two
// servers on fresh stores, rollups on and TARMAC_ROLLUPS=off, in interleaved ingest rounds: on
// SQLite with direct ingest, on PostgreSQL both direct and through JetStream (NATS at
// TEST_NATS_URL, nats://127.0.0.1:4222), where a round lasts until the rows are in PostgreSQL.
//
// Run alone: `node bench/rollups.mjs [--perf N] [--hits N] [--days N] [--engines sqlite,postgres]
// [--reseed] [--skip-ingest | --skip-reads] [--reads <name part>]` after `npm run build`
// (--skip-reads: no seeding and no console reads, only the ingest on / off part; --reads
// attribution,summary: time only the reads whose name holds one of these). Settings (flags win): BENCH_PERF
// (10000000), BENCH_HITS (20000000), BENCH_DAYS (30), BENCH_ENGINES, BENCH_STORE_DIR (keep the
// seeded stores there and reuse them; else they are removed), BENCH_RESEED=1, BENCH_READ_CALLS
// (7), BENCH_SEED_CONCURRENCY (transactions in flight while seeding; the seed's default),
// BENCH_ROUNDS (10), BENCH_ROUND_SECONDS (2), BENCH_CONCURRENCY (8); PostgreSQL at
// TEST_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres), BENCH_PG_DATABASE (the kept
// PostgreSQL store's database, tarmac_rollup_bench), BENCH_READS (as --reads).
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { checkAttributionScopes } from './lib/attributionScopes.mjs';
import { checkSummaryCounts, timeConsoleReads } from './lib/consoleReads.mjs';
import { ingestOnOff } from './lib/rollupIngest.mjs';
import { BENCH_TOKEN, startInstance } from './lib/scaleBackends.mjs';
import { seededStore, storeBytes } from './lib/seededStores.mjs';

const LIMIT_MS = 100;
const self = new URL(import.meta.url).pathname;

function settings(argv = []) {
  const { values } = parseArgs({
    args: argv,
    options: {
      perf: { type: 'string' }, hits: { type: 'string' }, days: { type: 'string' }, engines: { type: 'string' },
      reseed: { type: 'boolean' }, 'skip-ingest': { type: 'boolean' }, 'skip-reads': { type: 'boolean' }, reads: { type: 'string' },
    },
  });
  const whole = (text, fallback) => {
    const value = Number(String(text ?? fallback).replace(/_/g, ''));
    if (!Number.isSafeInteger(value) || value < 0) throw new Error(`not a whole number: ${text}`);
    return value;
  };
  const env = process.env;
  return {
    sizes: {
      perf: whole(values.perf ?? env.BENCH_PERF, 10_000_000),
      hits: whole(values.hits ?? env.BENCH_HITS, 20_000_000),
      days: whole(values.days ?? env.BENCH_DAYS, 30),
      // Unset: the seed's own default per engine (two transactions in flight on PostgreSQL).
      concurrency: env.BENCH_SEED_CONCURRENCY ? whole(env.BENCH_SEED_CONCURRENCY, 1) : undefined,
    },
    engines: (values.engines ?? env.BENCH_ENGINES ?? 'sqlite,postgres').split(',').map((e) => e.trim()).filter(Boolean),
    keepDir: env.BENCH_STORE_DIR || undefined,
    reseed: Boolean(values.reseed) || env.BENCH_RESEED === '1',
    readCalls: whole(env.BENCH_READ_CALLS, 7),
    only: values.reads ?? env.BENCH_READS ?? undefined,
    reads: !values['skip-reads'],
    ingest: values['skip-ingest'] ? undefined : {
      rounds: whole(env.BENCH_ROUNDS, 10), roundSeconds: Number(env.BENCH_ROUND_SECONDS || 2), concurrency: whole(env.BENCH_CONCURRENCY, 8),
    },
  };
}

/** Seed or reuse, then the reads: figures only after the counts matched, else `refused`. */
async function benchReads(engine, options) {
  const store = await seededStore(engine, options.sizes, options);
  try {
    const { manifest } = store;
    const seed = { reused: store.reused, seconds: manifest.ms / 1000, itemsPerSecond: (manifest.perf + manifest.hits) / (manifest.ms / 1000) };
    const bytes = await storeBytes(store);
    // Rollups on whatever this shell says: the reads are what the console would get.
    const server = await startInstance({ ...store.env, TARMAC_ROLLUPS: 'on' }, { startSeconds: 600 });
    try {
      let counts;
      let scopes;
      try {
        counts = await checkSummaryCounts(server.url, BENCH_TOKEN, manifest);
        scopes = await checkAttributionScopes(server.url, BENCH_TOKEN);
      } catch (error) {
        return { engine, seed, bytes, refused: error.message };
      }
      return { engine, seed, bytes, counts, scopes, reads: await timeConsoleReads(server.url, BENCH_TOKEN, { calls: options.readCalls, only: options.only, pid: server.pid }) };
    } finally {
      await server.stop();
    }
  } finally {
    await store.remove();
  }
}

/** Everything, engine by engine. */
export async function benchRollups(argv = []) {
  const options = settings(argv);
  const load = { start: loadavg()[0] };
  const engines = [];
  for (const engine of options.engines) {
    if (engine !== 'sqlite' && engine !== 'postgres') throw new Error(`unknown engine ${engine}`);
    const reads = options.reads ? await benchReads(engine, options) : { engine };
    const ingest = [];
    // JetStream needs PostgreSQL: the server refuses NATS in front of SQLite.
    for (const mode of engine === 'postgres' ? ['direct', 'jetstream'] : ['direct']) {
      if (options.ingest) ingest.push(await ingestOnOff(engine, { ...options.ingest, mode }));
    }
    engines.push({ ...reads, ingest });
  }
  load.end = loadavg()[0];
  return { sizes: options.sizes, readCalls: options.readCalls, only: options.only, reads: options.reads, engines, load };
}

const ms = (value) => `${value.toFixed(1)} ms`.padStart(9);
const size = (bytes) => (bytes >= 1e9 ? `${(bytes / 1e9).toFixed(2)} GB` : `${(bytes / 1e6).toFixed(1)} MB`);
const count = (n) => n.toLocaleString('en-US');

/** The figures as lines, for this file run alone and for bench/run.mjs. */
export function describeRollups(r) {
  const seeded = r.reads === false ? 'ingest on / off only' : `${count(r.sizes.perf)} perf reports + ${count(r.sizes.hits)} analytics hits over ${r.sizes.days} days, seeded through the ingest port`;
  const lines = [`rollups (issue 11): ${seeded} (load average ${r.load.start.toFixed(2)} at the start, ${r.load.end.toFixed(2)} at the end):`];
  for (const e of r.engines) {
    const name = e.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL';
    if (!e.seed) {
      lines.push(`  ${name}: console reads not run (--skip-reads)`);
      lines.push(...describeIngest(e));
      continue;
    }
    const seeded = e.seed.reused ? `reused (seeded earlier at ${count(Math.round(e.seed.itemsPerSecond))} items/s)` : `${count(Math.round(e.seed.itemsPerSecond))} items/s (${e.seed.seconds.toFixed(0)} s)`;
    lines.push(`  ${name}: seed ${seeded}; store on disk ${size(e.bytes)}${e.engine === 'sqlite' ? ' (file + WAL)' : ' (pg_database_size)'}`);
    if (e.refused) {
      lines.push(`    console reads: NOT MEASURED, the counts are wrong: ${e.refused}`);
    } else {
      const last = e.counts[e.counts.length - 1];
      lines.push(`    counts checked against the seed (${last.window}: ${count(last.perf)} reports, ${count(last.hits)} hits); the site's attribution = its pages' sum (30 d: ${e.scopes.map((s) => `${s.metric} ${count(s.reports)} reports, ${s.offenders} offenders`).join('; ')})`);
      lines.push(`    median and max of ${r.readCalls} calls after a warm-up${r.only ? ` (only the reads named "…${r.only}…")` : ''}, pass = median ≤ ${LIMIT_MS} ms:`);
      for (const row of e.reads) {
        const cpu = row.cpuMsPerCall === undefined ? '' : `  server CPU ${ms(row.cpuMsPerCall)} a call`;
        lines.push(`    ${row.window.padEnd(5)} ${row.read.padEnd(25)} median ${ms(row.medianMs)}  max ${ms(row.maxMs)}${cpu}  ${row.medianMs <= LIMIT_MS ? 'pass' : 'FAIL'}`);
      }
      const failed = e.reads.filter((row) => row.medianMs > LIMIT_MS).length;
      lines.push(`    ${failed === 0 ? 'every read within' : `${failed} of ${e.reads.length} reads over`} ${LIMIT_MS} ms`);
    }
    lines.push(...describeIngest(e));
  }
  return lines;
}

/** The ingest on / off lines of one engine, a block per ingest mode. */
function describeIngest(e) {
  const lines = [];
  for (const i of e.ingest) {
    const jetstream = i.mode === 'jetstream';
    lines.push(
      `    ingest ${jetstream ? 'through JetStream (one writer in the server; a round lasts until PostgreSQL holds every acknowledged item)' : 'direct'},` +
        ` ${i.concurrency} loops alternating a perf report and a 10-hit analytics body, ${i.rounds} interleaved rounds of ${i.roundSeconds} s:`,
    );
    const side = (label, x) =>
      `      rollups ${label} ${x.requestsPerSecond.toFixed(0)} requests/s${jetstream ? ` written (drain ${x.drainSecondsPerRound.toFixed(2)} s a round)` : ''},` +
      ` server CPU ${x.cpuMsPerRequest.toFixed(2)} ms per request (${count(x.perfStored)} reports, ${count(x.hitsStored)} hits stored = acknowledged)`;
    lines.push(side('on: ', i.on), side('off:', i.off));
    lines.push(
      `      ratio on / off ${jetstream ? 'JetStream' : 'direct'}: ${i.ratio.toFixed(2)} (median of the round pairs ${i.medianPairRatio.toFixed(2)}; the budget is ≥ 0.80);` +
        ` CPU per request on / off ${i.cpuRatio.toFixed(2)}${e.engine === 'postgres' ? ' (the server process only, not PostgreSQL)' : ''}`,
    );
  }
  return lines;
}

if (process.argv[1] === self) {
  console.log(describeRollups(await benchRollups(process.argv.slice(2))).join('\n'));
}
