// Benchmark: what true durability costs at ingest. The real server (packages/server/dist/main.js,
// SQLite with synchronous=FULL and group commit) against the smallest honest alternative: one
// Fastify route with the same JSON schema (clientLogBatchSchema) that inserts a batch's messages
// in one better-sqlite3 transaction with WAL's default synchronous=NORMAL (no fsync per commit).
// Both run as their own process on loopback, loaded in interleaved rounds by the same loops, and
// each one's database is counted afterwards: a figure is only printed for what was really stored.
//
// Run alone: `node bench/ingestDurability.mjs` (after `npm run build`). Settings:
// BENCH_ROUNDS (10 per side), BENCH_ROUND_SECONDS (1.5), BENCH_CONCURRENCY (8), BENCH_BATCH (20).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';

const root = fileURLToPath(new URL('../', import.meta.url));
const self = fileURLToPath(import.meta.url);
const rounds = Number(process.env.BENCH_ROUNDS || 10);
const roundSeconds = Number(process.env.BENCH_ROUND_SECONDS || 1.5);
const concurrency = Number(process.env.BENCH_CONCURRENCY || 8);
const batchSize = Number(process.env.BENCH_BATCH || 20);

/** The minimal peer, run in a child process of this same file (see the bottom). */
async function serveMinimal(port, file) {
  const { default: Fastify } = await import('fastify');
  const { clientLogBatchSchema } = await import(join(root, 'packages/server/dist/logs/schemas.js'));
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(`CREATE TABLE IF NOT EXISTS messages (
    id INTEGER PRIMARY KEY, message_id TEXT NOT NULL, group_id TEXT NOT NULL, product TEXT NOT NULL,
    level INTEGER NOT NULL, type TEXT NOT NULL, message TEXT NOT NULL, file_name TEXT, line_no INTEGER,
    col_no INTEGER, occurrences INTEGER NOT NULL, received_at INTEGER NOT NULL, user_agent TEXT,
    extra_args TEXT NOT NULL, context TEXT NOT NULL, stack TEXT NOT NULL)`);
  const insert = db.prepare(`INSERT INTO messages (message_id, group_id, product, level, type, message,
    file_name, line_no, col_no, occurrences, received_at, user_agent, extra_args, context, stack)
    VALUES (@id, @groupId, @product, @level, @type, @message, @fileName, @lineNo, @colNo, @occurrences,
            @receivedAt, @userAgent, @extraArgs, @context, @stack)`);
  const insertAll = db.transaction((product, messages, receivedAt, userAgent) => {
    for (const m of messages) {
      insert.run({
        id: m.id, groupId: `${product}:${m.groupId}`, product, level: m.level, type: m.type, message: m.message,
        fileName: m.fileName ?? null, lineNo: m.lineNo ?? null, colNo: m.colNo ?? null, occurrences: m.occurrences,
        receivedAt, userAgent, extraArgs: JSON.stringify(m.extraArgs), context: JSON.stringify(m.context),
        stack: JSON.stringify({ stackTrace: m.stackTrace, parsedStackTrace: m.parsedStackTrace }),
      });
    }
  });
  const app = Fastify({ logger: false, ajv: { customOptions: { coerceTypes: false } } });
  app.post('/log/client/messages', { schema: { body: clientLogBatchSchema } }, async (request) => {
    insertAll(request.body.product, request.body.messages, Date.now(), request.headers['user-agent'] ?? null);
    return {};
  });
  app.get('/healthz', async () => ({ ok: true }));
  await app.listen({ port, host: '127.0.0.1' });
  process.once('SIGTERM', () => void app.close().then(() => { db.close(); process.exit(0); }));
}

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** Starts one side; resolves once it answers /healthz. */
async function start(args, env) {
  const port = await freePort();
  const child = spawn(process.execPath, args(port), { env: { ...process.env, ...env(port) }, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      if (i > 200 || child.exitCode !== null) throw new Error(`${args(port).join(' ')} did not start`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  return { url, stop };
}

/** Warm-up batches go under another product, so the counts below see only measured ones. */
function batch(tag, reqNo) {
  const messages = Array.from({ length: batchSize }, (_, i) => {
    const message = `TypeError: cannot read properties of undefined (reading 'price') #${i % 5}`;
    return {
      id: `${tag}-${reqNo}-${i}`, groupId: `bench-${i % 5}`, message, contentId: message.length, extraArgs: ['{"leg":2}'],
      level: 4, type: 'log', context: { url: 'http://localhost/flights' }, occurrences: 1, timestamp: Date.now(),
      stackTrace: ['TypeError: x', '    at price (http://localhost/assets/app.js:1:200)'],
      parsedStackTrace: [{ functionName: 'price', fileName: 'http://localhost/assets/app.js', lineNo: 1, colNo: 200 }],
      fileName: 'http://localhost/assets/app.js', lineNo: 1, colNo: 200,
    };
  });
  return JSON.stringify({ product: tag === 'warm' ? 'warm' : 'bench', reqNo, messages });
}

/** `concurrency` loops posting batches to `url` for `seconds`; counts acknowledged requests. */
async function round(url, tag, seconds) {
  let acknowledged = 0;
  let failures = 0;
  let sent = 0;
  const end = performance.now() + seconds * 1000;
  const loop = async () => {
    while (performance.now() < end) {
      const response = await fetch(`${url}/log/client/messages`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: batch(tag, ++sent),
      });
      await response.arrayBuffer();
      if (response.ok) acknowledged++;
      else failures++;
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, loop));
  return { acknowledged, failures, seconds: (performance.now() - t0) / 1000 };
}

const countRows = (file, sql) => {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare(sql).pluck().get() ?? 0;
  } finally {
    db.close();
  }
};

/**
 * Interleaved rounds against both sides; returns requests/s of each and their ratio, after
 * checking that each database holds exactly the messages it acknowledged.
 */
export async function benchIngestDurability() {
  const dir = mkdtempSync(join(tmpdir(), 'tarmac-durability-'));
  const minimalFile = join(dir, 'minimal.db');
  const sides = [];
  try {
    const tarmac = await start(
      () => [join(root, 'packages/server/dist/main.js')],
      (port) => ({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: join(dir, 'tarmac'), CONSOLE_TOKEN: 'bench', RATE_LIMIT_INGEST: '0' }),
    );
    sides.push(tarmac);
    const minimal = await start((port) => [self, '--minimal-server', String(port), minimalFile], () => ({}));
    sides.push(minimal);
    const totals = { tarmac: { acknowledged: 0, failures: 0, seconds: 0 }, minimal: { acknowledged: 0, failures: 0, seconds: 0 } };
    const add = (to, r) => {
      to.acknowledged += r.acknowledged;
      to.failures += r.failures;
      to.seconds += r.seconds;
      return r.acknowledged / r.seconds;
    };
    const pairRatios = [];
    // A short warm-up each, not counted, then alternating rounds (the order flips every round) so
    // a noisy moment on the shared machine falls on both sides alike.
    await round(tarmac.url, 'warm', 0.5);
    await round(minimal.url, 'warm', 0.5);
    for (let i = 0; i < rounds; i++) {
      const order = i % 2 === 0 ? ['tarmac', 'minimal'] : ['minimal', 'tarmac'];
      const rate = {};
      for (const side of order) rate[side] = add(totals[side], await round(side === 'tarmac' ? tarmac.url : minimal.url, `r${i}`, roundSeconds));
      pairRatios.push(rate.tarmac / rate.minimal);
    }
    await Promise.all(sides.map((side) => side.stop()));
    // Group counts, not occurrence rows: a group keeps only its newest deliveries.
    const stored = {
      tarmac: countRows(join(dir, 'tarmac/tarmac.db'), `SELECT sum(count) FROM log_groups WHERE product = 'bench'`),
      minimal: countRows(minimalFile, `SELECT count(*) FROM messages WHERE product = 'bench'`),
    };
    for (const side of ['tarmac', 'minimal']) {
      const expected = totals[side].acknowledged * batchSize;
      if (totals[side].failures > 0) throw new Error(`${side}: ${totals[side].failures} requests failed`);
      if (stored[side] !== expected) throw new Error(`${side}: acknowledged ${expected} messages but stored ${stored[side]}`);
    }
    const perSecond = (side) => totals[side].acknowledged / totals[side].seconds;
    return {
      rounds, roundSeconds, concurrency, batchSize,
      tarmac: { requestsPerSecond: Math.round(perSecond('tarmac')), requests: totals.tarmac.acknowledged, messagesStored: stored.tarmac },
      minimal: { requestsPerSecond: Math.round(perSecond('minimal')), requests: totals.minimal.acknowledged, messagesStored: stored.minimal },
      ratio: perSecond('tarmac') / perSecond('minimal'),
      // Each pair of neighbouring rounds on its own: a burst of load elsewhere moves this less.
      medianPairRatio: pairRatios.sort((a, b) => a - b)[Math.floor(pairRatios.length / 2)],
    };
  } finally {
    await Promise.all(sides.map((side) => side.stop()));
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The figures as lines, for this file run alone and for bench/run.mjs. */
export function describeIngestDurability(r) {
  return [
    `client-log ingest, durable vs minimal, ${r.concurrency} loops × ${r.batchSize}-message batches, ${r.rounds} interleaved rounds of ${r.roundSeconds} s each:`,
    `  tarmac (FULL sync, group commit):           ${r.tarmac.requestsPerSecond} requests/s (${r.tarmac.messagesStored} messages stored = acknowledged)`,
    `  minimal Fastify + better-sqlite3 (NORMAL):  ${r.minimal.requestsPerSecond} requests/s (${r.minimal.messagesStored} messages stored = acknowledged)`,
    `  ratio tarmac / minimal: ${r.ratio.toFixed(2)} (median of the ${r.rounds} round pairs: ${r.medianPairRatio.toFixed(2)})`,
  ];
}

if (process.argv[2] === '--minimal-server') {
  await serveMinimal(Number(process.argv[3]), process.argv[4]);
} else if (process.argv[1] === self) {
  console.log(describeIngestDurability(await benchIngestDurability()).join('\n'));
}
