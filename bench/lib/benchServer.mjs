// What every ingest benchmark needs: the built server (packages/server/dist/main.js, exactly
// what `npm start` runs) on a free loopback port with a throw-away data directory, and a bounded
// load loop that measures throughput and latency. Loopback only, fixed duration, then it stops.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../../', import.meta.url).pathname;
/** The console token the benchmark server is started with. */
export const BENCH_TOKEN = 'bench';

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/** Starts the server, runs `use(url)` against it, and always stops it and removes its data. */
export async function withBenchServer(use) {
  const dataDir = mkdtempSync(join(tmpdir(), 'tarmac-bench-'));
  const port = await freePort();
  const server = spawn(process.execPath, [join(root, 'packages/server/dist/main.js')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, CONSOLE_TOKEN: BENCH_TOKEN, RATE_LIMIT_INGEST: '0' },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; i < 200; i++) {
      try {
        if ((await fetch(`${url}/healthz`)).ok) break;
      } catch {
        // still starting
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    return await use(url);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Runs `concurrency` loops for `seconds`, each sending `request(n)` (n counts requests) and
 * waiting for the reply; `ok(response)` says whether it counts as stored.
 */
export async function loadLoops({ seconds, concurrency, request, ok }) {
  let succeeded = 0;
  let failures = 0;
  let sent = 0;
  const latencies = [];
  const end = Date.now() + seconds * 1000;
  const loop = async () => {
    while (Date.now() < end) {
      const t0 = performance.now();
      const response = await request(++sent);
      await response.arrayBuffer();
      latencies.push(performance.now() - t0);
      if (ok(response)) succeeded++;
      else failures++;
    }
  };
  const t0 = Date.now();
  await Promise.all(Array.from({ length: concurrency }, loop));
  const elapsed = (Date.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))].toFixed(1);
  return {
    seconds: elapsed, concurrency, succeeded, failures, perSecond: Math.round(succeeded / elapsed),
    latencyMs: { p50: pct(0.5), p95: pct(0.95), p99: pct(0.99) },
  };
}
