// Benchmark: how many performance reports per second the server validates and stores on this
// machine. Starts the built server (packages/server/dist/main.js) on a free loopback port with a
// throw-away SQLite database and posts form-encoded reports (as a page's beacon would) from a
// bounded number of concurrent loops for a fixed time. Not a test: it prints what it measured.
import { BENCH_TOKEN, loadLoops, withBenchServer } from './lib/benchServer.mjs';

const seconds = Number(process.env.BENCH_SECONDS || 5);
const concurrency = Number(process.env.BENCH_CONCURRENCY || 8);

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
  return withBenchServer(async (url) => {
    const load = await loadLoops({
      seconds,
      concurrency,
      request: (n) => fetch(`${url}/s/run/perf`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
        body: report(n),
      }),
      ok: (response) => response.status === 204,
    });
    // The console's summary reads what was stored; timing it shows the read side at this volume.
    const r0 = performance.now();
    const summary = await (await fetch(`${url}/console/api/vitals/summary`, { headers: { authorization: `Bearer ${BENCH_TOKEN}` } })).json();
    const summaryMs = Math.round(performance.now() - r0);
    return {
      seconds: load.seconds, concurrency, stored: load.succeeded, failures: load.failures, reportsPerSecond: load.perSecond,
      latencyMs: load.latencyMs, summary: { reports: summary.count, ms: summaryMs },
    };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await benchPerfIngest(), null, 2));
}
