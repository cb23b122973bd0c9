// Benchmark: how many client-log messages per second the server stores on this machine. Starts
// the built server (packages/server/dist/main.js) on a free loopback port with a throw-away
// SQLite database and posts batches from a bounded number of concurrent loops for a fixed time.
import { loadLoops, withBenchServer } from './lib/benchServer.mjs';

const seconds = Number(process.env.BENCH_SECONDS || 5);
const concurrency = Number(process.env.BENCH_CONCURRENCY || 8);
const batchSize = Number(process.env.BENCH_BATCH || 20);

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
  return withBenchServer(async (url) => {
    const load = await loadLoops({
      seconds,
      concurrency,
      request: (n) => fetch(`${url}/log/client/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: batch(n) }),
      ok: (response) => response.ok,
    });
    return {
      seconds: load.seconds, concurrency, batchSize, requests: load.succeeded, failures: load.failures,
      requestsPerSecond: load.perSecond, messagesPerSecond: load.perSecond * batchSize, latencyMs: load.latencyMs,
    };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await benchServerIngest(), null, 2));
}
