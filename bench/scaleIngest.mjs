// Benchmark: the same ingest load against the four ways to run the server — SQLite on one node,
// PostgreSQL direct, PostgreSQL behind JetStream with one and with two instances — side by side.
// Each setup gets its own database and stream. Load: concurrent loops alternating a perf report
// (form-encoded) and a 5-hit analytics batch, spread over the instances; every item carries its
// client id. Before any figure is printed, every acknowledged item must be stored exactly once.
// JetStream setups also sample writer lag: time from a route's reply (after the PubAck) to the
// row being visible in PostgreSQL.
import Database from 'better-sqlite3';
import pg from 'pg';
import { BENCH_TOKEN, NATS_URL, benchDatabase, benchStream, startInstance } from './lib/scaleBackends.mjs';

const seconds = Number(process.env.BENCH_SECONDS || 5);
const concurrency = Number(process.env.BENCH_CONCURRENCY || 16);
const HITS = 5;

const SETUPS = [
  { name: 'SQLite, 1 instance', postgres: false, jetstream: false, instances: 1 },
  { name: 'PostgreSQL direct, 1 instance', postgres: true, jetstream: false, instances: 1 },
  { name: 'PostgreSQL + JetStream, 1 instance', postgres: true, jetstream: true, instances: 1 },
  { name: 'PostgreSQL + JetStream, 2 instances', postgres: true, jetstream: true, instances: 2 },
];

function perfBody(id) {
  const nav = Date.now() - 20_000;
  return new URLSearchParams({
    id, nt_nav_st: String(nav), nt_res_end: String(nav + 300), nt_load_end: String(nav + 900), wv_lcp: String(1000 + (id.length % 900)),
    wv_cls: '0.05', wv_inp: '80', wv_ttfb: '150', url: 'https://site.test/flights/results', vertical: 'flights', pageId: 'results', subPageId: 'list',
  }).toString();
}

function analyticsBody(ids) {
  const now = Date.now();
  return JSON.stringify({ events: ids.map((id, k) => ({ id, type: k === 0 ? 'pageview' : 'event', path: '/vs/flights/results/-', timestamp: now, vertical: 'flights', locale: 'en', ...(k === 0 ? {} : { category: 'search', action: 'sort' }) })) });
}

/** Counts of the acknowledged ids as stored: total rows with those ids, and distinct ids among them. */
async function storedCounts(read, perfIds, hitIds) {
  const perf = await read('perf_reports', perfIds);
  const hits = await read('analytics_hits', hitIds);
  return { perf, hits };
}

function sqliteReader(file) {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  return {
    async read(table, ids) {
      const rows = db.prepare(`SELECT client_id AS id, count(*) AS n FROM ${table} WHERE client_id IS NOT NULL GROUP BY client_id`).all();
      return countOf(rows, ids);
    },
    async visible() {
      return [];
    },
    close: async () => db.close(),
  };
}

async function postgresReader(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    async read(table, ids) {
      const { rows } = await client.query(`SELECT client_id AS id, count(*)::int AS n FROM ${table} WHERE client_id IS NOT NULL GROUP BY client_id`);
      return countOf(rows, ids);
    },
    /** Which of `ids` have a perf row now. */
    async visible(ids) {
      return (await client.query('SELECT client_id FROM perf_reports WHERE client_id = ANY($1)', [ids])).rows.map((row) => row.client_id);
    },
    close: () => client.end(),
  };
}

function countOf(rows, ids) {
  const counts = new Map(rows.map((row) => [row.id, Number(row.n)]));
  let present = 0;
  let doubled = 0;
  for (const id of ids) {
    const n = counts.get(id) ?? 0;
    if (n > 0) present++;
    if (n > 1) doubled++;
  }
  return { acknowledged: ids.length, present, doubled };
}

const pct = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : NaN);

async function runSetup(setup, tag) {
  const db = setup.postgres ? await benchDatabase() : undefined;
  const stream = setup.jetstream ? await benchStream() : undefined;
  const env = {
    ...(db ? { DATABASE_URL: db.url } : {}),
    ...(stream ? { NATS_URL, NATS_STREAM: stream.name } : {}),
  };
  const instances = [];
  let reader;
  try {
    for (let i = 0; i < setup.instances; i++) instances.push(await startInstance(env));
    reader = db ? await postgresReader(db.url) : sqliteReader(`${instances[0].dataDir}/tarmac.db`);
    const perfIds = [];
    const hitIds = [];
    const acked = [];
    const latencies = [];
    let failures = 0;
    let sent = 0;
    const end = Date.now() + seconds * 1000;
    const loop = async () => {
      while (Date.now() < end) {
        const n = ++sent;
        const base = instances[n % instances.length].url;
        const t0 = performance.now();
        if (n % 2 === 0) {
          const id = `${tag}-p${n}`;
          const response = await fetch(`${base}/s/run/perf`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: perfBody(id) });
          await response.arrayBuffer();
          latencies.push(performance.now() - t0);
          if (response.status === 204) {
            perfIds.push(id);
            acked.push({ id, at: performance.now() });
          } else failures++;
        } else {
          const ids = Array.from({ length: HITS }, (_, k) => `${tag}-h${n}-${k}`);
          const response = await fetch(`${base}/a/api/analytics/events`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: analyticsBody(ids) });
          await response.arrayBuffer();
          latencies.push(performance.now() - t0);
          if (response.ok) hitIds.push(...ids);
          else failures++;
        }
      }
    };
    // Writer lag: every 50 ms the newest acknowledged report joins a watch list; one query every
    // 20 ms finds which watched rows became visible (one poller, so watching does not load the
    // database more as the lag grows).
    const lags = [];
    const sampleLag = async () => {
      const watched = new Map();
      let nextPick = 0;
      while (Date.now() < end || watched.size > 0) {
        const last = acked[acked.length - 1];
        if (Date.now() < end && last && performance.now() >= nextPick) {
          watched.set(last.id, last.at);
          nextPick = performance.now() + 50;
        }
        if (watched.size > 0) {
          const seen = performance.now();
          for (const id of await reader.visible([...watched.keys()])) {
            lags.push(seen - watched.get(id));
            watched.delete(id);
          }
          for (const [id, at] of watched) if (seen - at > 30_000) watched.delete(id);
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const t0 = Date.now();
    await Promise.all([...Array.from({ length: concurrency }, loop), ...(setup.jetstream ? [sampleLag()] : [])]);
    const elapsed = (Date.now() - t0) / 1000;

    // Queued items land a little later: wait (bounded) until every acknowledged one is there.
    let stored;
    const deadline = Date.now() + 60_000;
    do {
      stored = await storedCounts(reader.read, perfIds, hitIds);
      if (stored.perf.present === perfIds.length && stored.hits.present === hitIds.length) break;
      await new Promise((r) => setTimeout(r, 200));
    } while (Date.now() < deadline);
    const drainMs = Date.now() - t0 - elapsed * 1000;
    for (const [kind, c] of Object.entries(stored)) {
      if (c.present !== c.acknowledged || c.doubled !== 0) {
        throw new Error(`${setup.name}: ${kind} — ${c.acknowledged} acknowledged, ${c.present} stored, ${c.doubled} stored more than once`);
      }
    }

    const summaryMs = [];
    for (let i = 0; i < 5; i++) {
      const s0 = performance.now();
      const response = await fetch(`${instances[0].url}/console/api/vitals/summary`, { headers: { authorization: `Bearer ${BENCH_TOKEN}` } });
      const body = await response.json();
      if (!response.ok || body.count < perfIds.length) throw new Error(`${setup.name}: the vitals summary counts ${body.count} of ${perfIds.length} reports`);
      summaryMs.push(performance.now() - s0);
    }
    latencies.sort((a, b) => a - b);
    lags.sort((a, b) => a - b);
    summaryMs.sort((a, b) => a - b);
    return {
      name: setup.name,
      health: instances[0].health,
      requests: latencies.length - failures,
      failures,
      requestsPerSecond: Math.round((latencies.length - failures) / elapsed),
      latencyMs: { p50: pct(latencies, 0.5), p99: pct(latencies, 0.99) },
      items: { perf: perfIds.length, hits: hitIds.length },
      lagMs: setup.jetstream ? { p50: pct(lags, 0.5), p99: pct(lags, 0.99), samples: lags.length } : undefined,
      drainMs: setup.jetstream ? Math.max(0, drainMs) : undefined,
      summaryMs: pct(summaryMs, 0.5),
    };
  } finally {
    await reader?.close();
    await Promise.all(instances.map((instance) => instance.stop()));
    await stream?.drop();
    await db?.drop();
  }
}

export async function benchScaleIngest() {
  const results = [];
  const tag = Date.now().toString(36);
  // BENCH_SETUPS=2,3 runs only those (0-based) of the four.
  const only = process.env.BENCH_SETUPS?.split(',').map(Number);
  for (const [i, setup] of SETUPS.entries()) if (!only || only.includes(i)) results.push(await runSetup(setup, `${tag}${i}`));
  return { seconds, concurrency, hitsPerBatch: HITS, results };
}

export function describeScaleIngest(run) {
  const f = (n, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : '–');
  const rows = run.results.map((r) => [
    r.name, String(r.requestsPerSecond), f(r.latencyMs.p50), f(r.latencyMs.p99), `${r.items.perf + r.items.hits} once`,
    r.lagMs ? `${f(r.lagMs.p50, 0)} / ${f(r.lagMs.p99, 0)}` : '–', f(r.summaryMs), String(r.failures),
  ]);
  const head = ['setup', 'req/s', 'p50 ms', 'p99 ms', 'items stored', 'writer lag p50/p99 ms', 'summary ms', 'failed'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells) => '  ' + cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [
    `scale-out ingest, ${run.concurrency} concurrent loops for ${run.seconds} s per setup (a perf report or a ${run.hitsPerBatch}-hit analytics batch per request):`,
    line(head),
    ...rows.map(line),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const run = await benchScaleIngest();
  console.log(describeScaleIngest(run).join('\n'));
  if (process.env.BENCH_JSON) console.log(JSON.stringify(run, null, 2));
}
