// What the perf rollups cost ingest: reports per second with rollups on vs off (the store option
// `rollups: false`), the same reports in interleaved rounds so drift on a shared machine hits both
// alike. SQLite: through the ingest port (each report its own request, group commit gathering
// them) on an on-disk store; PostgreSQL: through writeBatch, a JetStream writer's batches.
// Every round checks that each report was stored (and, with rollups, counted) exactly once.
// On a machine others share, wall-clock rates swing between rounds; the cost is therefore also
// given as the median of each round's own on/off ratio (the two runs of a round are adjacent in
// time), and this process's CPU time per report (for SQLite, the whole work but the disk's).
// Needs `npm run build`. Not a test: it prints what it measured.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchDatabase } from './lib/scaleBackends.mjs';

const dist = new URL('../packages/server/dist/', import.meta.url);
const { createSqliteStore } = await import(new URL('storage/sqlite/createSqliteStore.js', dist));
const { createPostgresStore } = await import(new URL('storage/postgres/createPostgresStore.js', dist));

const ROUNDS = Number(process.env.BENCH_ROUNDS || 5);
const SQLITE_REPORTS = Number(process.env.BENCH_SQLITE_REPORTS || 20_000);
const PG_REPORTS = Number(process.env.BENCH_PG_REPORTS || 20_000);
const PG_BATCH = 500;
const IN_FLIGHT = 64;
const PAGES = ['home', 'results', 'details', 'checkout', 'landing'];
const TIME_FIELDS = ['nt_red_st', 'nt_red_end', 'nt_fet_st', 'nt_dns_st', 'nt_dns_end', 'nt_con_st', 'nt_con_end', 'nt_ssl_st',
  'nt_req_st', 'nt_res_st', 'nt_res_end', 'nt_domint', 'nt_domcontloaded_st', 'nt_domcontloaded_end', 'nt_domcomp',
  'nt_load_st', 'nt_load_end', 'nt_unload_st', 'nt_unload_end'];

/** A full report (every timing field, six vitals) as the route stores it, on one of 15 pages. */
function report(id, i, receivedAt) {
  const nav = receivedAt - 20_000;
  const timing = Object.fromEntries(TIME_FIELDS.map((f, k) => [f, f.startsWith('nt_red') || f.startsWith('nt_unload') ? 0 : nav + 5 + k * 40 + (i % 50)]));
  Object.assign(timing, { nt_red_cnt: 0, nt_nav_type: 0, nt_trn_size: 15_000, nt_enc_size: 14_500, nt_dec_size: 52_000 });
  const vertical = ['flights', 'hotels', 'cars'][i % 3];
  return {
    id, receivedAt, url: `https://site.test/${vertical}`, vertical, pageId: PAGES[i % 5], subPageId: 'main', pageTag: null,
    userAgent: 'Bench/1.0', navStart: nav, protocol: 'h2', timing,
    vitals: { wv_lcp: 1200 + ((i * 7919) % 3000) + 0.25, wv_cls: ((i * 31) % 40) / 100, wv_inp: i % 4 ? 40 + ((i * 13) % 600) : null,
      wv_fid: (i % 120) + 0.5, wv_fcp: 800 + ((i * 17) % 2000), wv_ttfb: 120 + ((i * 23) % 900) },
  };
}

// Reports of one round: spread over ten minutes of the last hours, as live traffic would be;
// each round has its own ten minutes, so its reports and rollup rows can be counted apart.
const SLOT_MS = 600_000;
let slots = 0;
const roundReports = (round, count) => {
  const start = Math.floor(Date.now() / SLOT_MS) * SLOT_MS - (4 * ROUNDS + 1 - slots++) * SLOT_MS;
  return Array.from({ length: count }, (_, i) => report(`r${round}-${i}`, i, start + Math.floor((i * SLOT_MS) / count)));
};

async function checkStored(store, reports, rollups) {
  const from = reports[0].receivedAt;
  const to = reports.at(-1).receivedAt + 1;
  const raw = await store.query.perf.listPerfReports({ from, to, limit: reports.length + 1 });
  if (raw.length !== reports.length) throw new Error(`stored ${raw.length} of ${reports.length} reports`);
  const rows = await store.query.perf.readPerfRollups({ pieces: [{ level: 'minute', from, to: from + SLOT_MS }] });
  const counted = rows.reduce((n, row) => n + row.values[0], 0);
  if (rollups && counted !== reports.length) throw new Error(`rollups counted ${counted} of ${reports.length}`);
  if (!rollups && counted !== 0) throw new Error(`rollups off, yet ${counted} reports counted`);
}

async function sqliteRound(file, rollups, reports) {
  const store = createSqliteStore({ file, rollups });
  try {
    const started = performance.now();
    const cpu = process.cpuUsage();
    let next = 0;
    const loop = async () => {
      while (next < reports.length) await store.ingest.perf.insertPerfReport(reports[next++]);
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, loop));
    // The rollups are written about once a second: the clock stops once the last sums are too
    // (a rollup read writes what is pending; no pieces, so it reads nothing).
    await store.query.perf.readPerfRollups({ pieces: [] });
    const perSecond = reports.length / ((performance.now() - started) / 1000);
    const used = process.cpuUsage(cpu);
    await checkStored(store, reports, rollups);
    return { perSecond, cpuUs: (used.user + used.system) / reports.length };
  } finally {
    await store.close();
  }
}

async function postgresRound(store, rollups, reports) {
  const started = performance.now();
  const cpu = process.cpuUsage();
  for (let i = 0; i < reports.length; i += PG_BATCH) {
    await store.ingest.writeBatch(reports.slice(i, i + PG_BATCH).map((r) => ({ kind: 'perf', report: r })));
  }
  const perSecond = reports.length / ((performance.now() - started) / 1000);
  const used = process.cpuUsage(cpu);
  await checkStored(store, reports, rollups);
  return { perSecond, cpuUs: (used.user + used.system) / reports.length };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const pct = (x) => `${(x * 100).toFixed(1)} %`;
const describe = (name, on, off) => {
  const rate = (runs) => runs.map((r) => r.perSecond);
  const [m1, m0] = [median(rate(on)), median(rate(off))];
  const pairCost = median(on.map((r, i) => 1 - r.perSecond / off[i].perSecond));
  const [c1, c0] = [median(on.map((r) => r.cpuUs)), median(off.map((r) => r.cpuUs))];
  return [
    `${name} (${on.length} interleaved rounds):`,
    `  reports/s, median: rollups on ${Math.round(m1)} · off ${Math.round(m0)} · cost ${pct(1 - m1 / m0)}; median of the rounds' own costs ${pct(pairCost)}`,
    `  per round, on: ${rate(on).map(Math.round).join(', ')}; off: ${rate(off).map(Math.round).join(', ')}`,
    `  CPU µs of this process per report, median: on ${c1.toFixed(0)} · off ${c0.toFixed(0)} · +${pct(c1 / c0 - 1)}`,
  ].join('\n');
};

export async function benchPerfRollupCost() {
  const dir = mkdtempSync(join(tmpdir(), 'tarmac-rollup-cost-'));
  const sqlite = { on: [], off: [] };
  const postgres = { on: [], off: [] };
  const databases = { on: await benchDatabase(), off: await benchDatabase() };
  const stores = {
    on: await createPostgresStore({ url: databases.on.url, rollups: true }),
    off: await createPostgresStore({ url: databases.off.url, rollups: false }),
  };
  try {
    for (let round = 0; round < ROUNDS; round++) {
      // Alternate which goes first, so neither always runs on a warmer machine.
      const order = round % 2 ? ['off', 'on'] : ['on', 'off'];
      for (const mode of order) {
        sqlite[mode].push(await sqliteRound(join(dir, `${mode}.db`), mode === 'on', roundReports(`s${round}`, SQLITE_REPORTS)));
        postgres[mode].push(await postgresRound(stores[mode], mode === 'on', roundReports(`p${round}`, PG_REPORTS)));
      }
    }
  } finally {
    await stores.on.close();
    await stores.off.close();
    await databases.on.drop();
    await databases.off.drop();
    rmSync(dir, { recursive: true, force: true });
  }
  return { sqlite, postgres };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { sqlite, postgres } = await benchPerfRollupCost();
  console.log(describe(`SQLite, ingest port, on disk, ${SQLITE_REPORTS} reports a round`, sqlite.on, sqlite.off));
  console.log(describe(`PostgreSQL, writeBatch of ${PG_BATCH}, ${PG_REPORTS} reports a round`, postgres.on, postgres.off));
}
