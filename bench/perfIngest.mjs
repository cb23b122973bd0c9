// Benchmark: how many performance reports per second the server validates and stores on this
// machine. Starts the built server (packages/server/dist/main.js) on a free loopback port with a
// throw-away SQLite database and posts form-encoded reports (as a page's beacon would) from a
// bounded number of concurrent loops for a fixed time. Not a test: it prints what it measured.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../', import.meta.url).pathname;
const seconds = Number(process.env.BENCH_SECONDS || 5);
const concurrency = Number(process.env.BENCH_CONCURRENCY || 8);

const freePort = () => new Promise((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
});

const PHASES = ['nt_red_st', 'nt_red_end', 'nt_fet_st', 'nt_dns_st', 'nt_dns_end', 'nt_con_st', 'nt_con_end', 'nt_ssl_st',
  'nt_req_st', 'nt_res_st', 'nt_res_end', 'nt_domint', 'nt_domcontloaded_st', 'nt_domcontloaded_end', 'nt_domcomp',
  'nt_load_st', 'nt_load_end', 'nt_unload_st', 'nt_unload_end'];

/** A full report like a real page view's: every nt_* field, all six vitals, the page fields. */
function report(i) {
  const nav = Date.now() - 30_000;
  const fields = { nt_nav_st: nav, nt_red_cnt: 0, nt_nav_type: i % 3, nt_protocol: 'h2', nt_trn_size: 15_000, nt_enc_size: 14_500, nt_dec_size: 52_000 };
  PHASES.forEach((name, k) => (fields[name] = name.startsWith('nt_red') || name.startsWith('nt_unload') ? 0 : nav + 5 + k * 40 + (i % 50)));
  Object.assign(fields, {
    wv_lcp: 1200 + (i % 3000) + 0.25, wv_cls: ((i % 40) / 100).toFixed(4), wv_inp: 40 + (i % 600), wv_fid: (i % 120) + 0.5,
    wv_fcp: 800 + (i % 2000), wv_ttfb: 120 + (i % 900), url: `https://site.test/${['flights', 'hotels', 'cars'][i % 3]}/results`,
    vertical: ['flights', 'hotels', 'cars'][i % 3], pageId: 'results', subPageId: 'list', pageTag: 'bench',
  });
  return new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString();
}

export async function benchPerfIngest() {
  const dataDir = mkdtempSync(join(tmpdir(), 'tarmac-bench-perf-'));
  const port = await freePort();
  const server = spawn(process.execPath, [join(root, 'packages/server/dist/main.js')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, CONSOLE_TOKEN: 'bench' },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; i < 200; i++) {
      try { if ((await fetch(`${url}/healthz`)).ok) break; } catch { /* starting */ }
      await new Promise((r) => setTimeout(r, 50));
    }
    let stored = 0, failures = 0, sent = 0;
    const latencies = [];
    const end = Date.now() + seconds * 1000;
    const loop = async () => {
      while (Date.now() < end) {
        const body = report(sent++);
        const t0 = performance.now();
        const res = await fetch(`${url}/s/run/perf`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' }, body });
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (res.status === 204) stored++; else failures++;
      }
    };
    const t0 = Date.now();
    await Promise.all(Array.from({ length: concurrency }, loop));
    const elapsed = (Date.now() - t0) / 1000;
    latencies.sort((a, b) => a - b);
    const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))].toFixed(1);
    // The console's summary reads what was stored; timing it shows the read side at this volume.
    const r0 = performance.now();
    const summary = await (await fetch(`${url}/console/api/vitals/summary`, { headers: { authorization: 'Bearer bench' } })).json();
    const summaryMs = (performance.now() - r0).toFixed(0);
    return {
      seconds: elapsed, concurrency, stored, failures, reportsPerSecond: Math.round(stored / elapsed),
      latencyMs: { p50: pct(0.5), p95: pct(0.95), p99: pct(0.99) },
      summary: { reports: summary.count, ms: Number(summaryMs) },
    };
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await benchPerfIngest(), null, 2));
}
