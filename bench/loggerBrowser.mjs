// Benchmark: the main-thread cost of one `logger.error(new Error(…))` call in Chromium, with the
// built logger (stack parsing, scrubbing, grouping, queueing). Delivery is answered by a stub
// route so only the call itself is measured. Not a test: it prints figures, it asserts nothing.
import { chromium } from 'playwright-core';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

const dist = new URL('../packages/platform/dist/', import.meta.url).pathname;
const origin = 'http://bench.local';
const calls = Number(process.env.BENCH_CALLS || 2000);
const rounds = Number(process.env.BENCH_ROUNDS || 7);

export async function benchLoggerInBrowser() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const page = await browser.newPage();
    await page.route(`${origin}/**`, async (route) => {
      const path = new URL(route.request().url()).pathname;
      if (path.startsWith('/dist/')) {
        return route.fulfill({ body: await readFile(join(dist, path.slice(6))), contentType: 'text/javascript' });
      }
      if (path === '/log/client/messages') return route.fulfill({ body: '{}', contentType: 'application/json' });
      return route.fulfill({ body: '<!doctype html><title>bench</title>', contentType: 'text/html' });
    });
    await page.goto(`${origin}/`);
    const results = await page.evaluate(async ({ calls, rounds }) => {
      const { createLogger } = await import('/dist/logger/index.js');
      const logger = createLogger({ product: 'bench', flushIntervalMs: 1000 });
      const perCall = (makeMessage) => {
        const times = [];
        for (let r = 0; r < rounds; r++) {
          const t0 = performance.now();
          for (let i = 0; i < calls; i++) logger.error(makeMessage(i), { bookingId: i, email: 'a.b@example.com' });
          times.push(((performance.now() - t0) * 1000) / calls);
          logger.flush();
        }
        times.sort((a, b) => a - b);
        return { median: times[Math.floor(times.length / 2)], best: times[0] };
      };
      const same = perCall(() => new Error('Payment failed for a.b@example.com'));
      const distinct = perCall((i) => new Error('Search failed for request ' + i + ' of user ' + i + '@example.com'));
      logger.stop();
      return { same, distinct };
    }, { calls, rounds });
    return results;
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchLoggerInBrowser();
  console.log(JSON.stringify(r, null, 2));
}
