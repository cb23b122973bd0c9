// Benchmark: how many client-log messages per second the server stores on this machine. Starts
// the built server (packages/server/dist/main.js) on a free loopback port with a throw-away
// SQLite database and posts batches from a bounded number of concurrent loops for a fixed time.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../', import.meta.url).pathname;
const seconds = Number(process.env.BENCH_SECONDS || 5);
const concurrency = Number(process.env.BENCH_CONCURRENCY || 8);
const batchSize = Number(process.env.BENCH_BATCH || 20);

const freePort = () => new Promise((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
});

function batch(reqNo) {
  const messages = Array.from({ length: batchSize }, (_, i) => {
    const message = `TypeError: cannot read properties of undefined (reading 'price') #${i % 5}`;
    return {
      id: `${reqNo}-${i}`, groupId: `bench-${i % 5}`, message, contentId: message.length, extraArgs: ['{"leg":2}'],
      level: 4, type: 'log', context: { url: 'http://localhost/flights' }, occurrences: 1, timestamp: Date.now(),
      stackTrace: ['TypeError: x', '    at price (http://localhost/assets/app.js:1:200)'],
      parsedStackTrace: [{ functionName: 'price', fileName: 'http://localhost/assets/app.js', lineNo: 1, colNo: 200 }],
      fileName: 'http://localhost/assets/app.js', lineNo: 1, colNo: 200,
    };
  });
  return JSON.stringify({ product: 'bench', reqNo, messages });
}

export async function benchServerIngest() {
  const dataDir = mkdtempSync(join(tmpdir(), 'tarmac-bench-'));
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
    let requests = 0, failures = 0;
    const latencies = [];
    const end = Date.now() + seconds * 1000;
    const loop = async () => {
      while (Date.now() < end) {
        const t0 = performance.now();
        const res = await fetch(`${url}/log/client/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: batch(requests + 1) });
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (res.ok) requests++; else failures++;
      }
    };
    const t0 = Date.now();
    await Promise.all(Array.from({ length: concurrency }, loop));
    const elapsed = (Date.now() - t0) / 1000;
    latencies.sort((a, b) => a - b);
    const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))].toFixed(1);
    return {
      seconds: elapsed, concurrency, batchSize, requests, failures,
      requestsPerSecond: Math.round(requests / elapsed), messagesPerSecond: Math.round((requests * batchSize) / elapsed),
      latencyMs: { p50: pct(0.5), p95: pct(0.95), p99: pct(0.99) },
    };
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await benchServerIngest(), null, 2));
}
