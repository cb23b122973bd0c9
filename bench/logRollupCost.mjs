// Benchmark: what the log occurrence rollups cost ingest. The same log batches (20 messages each,
// a few hundred groups of skewed frequency, three releases) go through the log ingest port of an
// on-disk SQLite store, once with rollups on and once off, in interleaved rounds (on, off, off,
// on, …) on fresh files so drift in the machine's speed hits both alike. With
// BENCH_DATABASE_URL (an admin URL) the store is PostgreSQL instead, a fresh database per round.
// Each round's counts are checked before its time counts. Not a test: it prints what it
// measured. Needs `npm run build`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createPostgresStore } from '../packages/server/dist/storage/postgres/createPostgresStore.js';
import { createSqliteStore } from '../packages/server/dist/storage/sqlite/createSqliteStore.js';

const rounds = Number(process.env.BENCH_ROUNDS || 30);
const batches = Number(process.env.BENCH_BATCHES || 300);
const inFlight = Number(process.env.BENCH_CONCURRENCY || 16);
const adminUrl = process.env.BENCH_DATABASE_URL;
const PER_BATCH = 20;
const GROUPS = 300;
const RELEASES = ['2026.11.1', '2026.11.2', null];

/** A deterministic batch list: group ids skewed (a few noisy errors, a long tail), times over two hours. */
function makeBatches(start) {
  const list = [];
  for (let b = 0; b < batches; b++) {
    const records = [];
    for (let k = 0; k < PER_BATCH; k++) {
      const i = b * PER_BATCH + k;
      const group = Math.floor(GROUPS * ((i * 0.6180339887) % 1) ** 3);
      const release = RELEASES[(i * 7) % 3];
      records.push({
        messageId: `m${i}`, groupId: `bench:g${group}`, product: 'bench', level: 4, type: 'uncaught',
        message: `TypeError: thing ${group} is undefined`, fileName: 'https://site.test/assets/app.js', lineNo: group, colNo: 7,
        stackTrace: [`at run (app.js:${group}:7)`], parsedStackTrace: [{ functionName: 'run', fileName: 'app.js', lineNo: group, colNo: 7 }],
        occurrences: 1 + (i % 3), receivedAt: start + Math.floor((i / (batches * PER_BATCH)) * 2 * 3_600_000),
        url: 'https://site.test/flights', userAgent: 'Bench/1.0', extraArgs: [], context: release ? { r9Version: release } : {},
      });
    }
    list.push({ records, ignored: 0 });
  }
  return list;
}

/** A fresh store of the benchmarked engine, and how to get rid of it after. */
async function openStore(rollups) {
  if (!adminUrl) {
    const dir = mkdtempSync(join(tmpdir(), 'tarmac-logrollups-'));
    return { store: createSqliteStore({ file: join(dir, 'tarmac.db'), rollups }), remove: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `tarmac_bench_${process.pid}_${Date.now()}`;
  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { store: await createPostgresStore({ url: url.toString(), rollups }), remove: () => admin(`DROP DATABASE ${name} WITH (FORCE)`) };
}

async function round(rollups, list, expected) {
  const { store, remove } = await openStore(rollups);
  try {
    let next = 0;
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    await Promise.all(Array.from({ length: inFlight }, async () => {
      while (next < list.length) await store.ingest.logs.insertClientLogs(list[next++]);
    }));
    const seconds = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const { groups } = await store.query.logs.listLogGroups({ limit: 500 });
    const counted = groups.reduce((n, g) => n + g.count, 0);
    const start = list[0].records[0].receivedAt;
    const grid = { from: start - 3_600_000, to: start + 4 * 3_600_000, bucketMs: 3_600_000 };
    const rolled = (await store.query.logs.occurrenceBuckets(groups.map((g) => g.groupId), grid, start)).reduce((n, b) => n + b.count, 0);
    if (counted !== expected || rolled !== (rollups ? expected : 0)) throw new Error(`counts off: groups ${counted}, rollups ${rolled}, expected ${expected}`);
    const messages = list.length * PER_BATCH;
    return { perSecond: messages / seconds, cpuMicrosPerMessage: (cpu.user + cpu.system) / messages };
  } finally {
    await store.close();
    await remove();
  }
}

export async function benchLogRollupCost() {
  const start = Math.floor(Date.now() / 3_600_000) * 3_600_000 - 3 * 3_600_000;
  const list = makeBatches(start);
  const expected = list.reduce((n, b) => n + b.records.reduce((m, r) => m + r.occurrences, 0), 0);
  const runs = { on: [], off: [] };
  // One pair first, not counted: module and statement warm-up would land on whichever side ran first.
  await round(true, list, expected);
  await round(false, list, expected);
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 === 0 ? [true, false] : [false, true];
    for (const rollups of order) runs[rollups ? 'on' : 'off'].push(await round(rollups, list, expected));
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const rate = (side) => median(runs[side].map((r) => r.perSecond));
  const cpu = (side) => median(runs[side].map((r) => r.cpuMicrosPerMessage));
  const [on, off] = [rate('on'), rate('off')];
  const [cpuOn, cpuOff] = [cpu('on'), cpu('off')];
  // Each round's on/off pair ran back to back: their ratio cancels most of the machine's drift.
  const pairCost = median(runs.on.map((r, i) => 1 - r.perSecond / runs.off[i].perSecond));
  const pairCpu = median(runs.on.map((r, i) => r.cpuMicrosPerMessage / runs.off[i].cpuMicrosPerMessage - 1));
  // Wall-clock throughput moves with whatever else the machine runs; CPU time per message
  // (this process, every thread) moves much less, so both are printed.
  return {
    store: adminUrl ? 'postgres' : 'sqlite (on disk)', rounds, batches, messagesPerBatch: PER_BATCH, concurrency: inFlight,
    messagesPerSecond: { on: Math.round(on), off: Math.round(off) },
    throughputCost: `${(((off - on) / off) * 100).toFixed(1)}% fewer messages/s with rollups on (median of ${rounds} rounds each)`,
    pairedCost: `${(pairCost * 100).toFixed(1)}% fewer messages/s with rollups on (median over rounds of on/off run back to back)`,
    cpuMicrosPerMessage: { on: Number(cpuOn.toFixed(1)), off: Number(cpuOff.toFixed(1)) },
    cpuCost: `${(((cpuOn - cpuOff) / cpuOff) * 100).toFixed(1)}% more CPU per message with rollups on`,
    pairedCpuCost: `${(pairCpu * 100).toFixed(1)}% more CPU per message with rollups on (median over back-to-back rounds)`,
    perRound: { on: runs.on.map((r) => Math.round(r.perSecond)), off: runs.off.map((r) => Math.round(r.perSecond)) },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await benchLogRollupCost(), null, 2));
}
