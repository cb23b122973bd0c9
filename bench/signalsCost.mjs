// Benchmark: the main-thread cost of `collectSignals()` in Chromium beside FingerprintJS's
// `load().get()` on the same page. For each run a fresh page measures the wall time of the call,
// the longest main-thread task while it ran (a MessageChannel ping loop: the largest gap between
// pings is the longest task), and the total blocking time (the part of every task over 50 ms, as
// the Long Tasks API reports them). Runs alternate between the two (fresh page each), so drift
// in the machine's speed hits both alike; each run's result is checked to be a real answer
// (signals with a screen and a time zone, a FingerprintJS visitor id) before any figure counts.
// Not a test: it prints medians, it asserts nothing about speed.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { launchChromium, median } from './lib/browser.mjs';

const root = new URL('../', import.meta.url).pathname;
const dist = join(root, 'packages/platform/dist/');
const fingerprintBuild = join(root, 'node_modules/@fingerprintjs/fingerprintjs/dist/fp.umd.min.js');
const origin = 'http://bench.local';
const runs = Number(process.env.BENCH_RUNS || 7);

// Runs in the page: measures one call of `task` with the ping loop and the long-task observer.
async function measureInPage(which) {
  // Let the page finish its own first layout and paint, which is not the libraries' cost.
  await new Promise((r) => setTimeout(r, 300));
  const longTasks = [];
  const observer = new PerformanceObserver((list) => longTasks.push(...list.getEntries()));
  try {
    observer.observe({ type: 'longtask', buffered: false });
  } catch {
    // no Long Tasks API: blocking time stays 0
  }
  let running = true;
  let last = performance.now();
  let longest = 0;
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    if (running) channel.port2.postMessage(0);
  };
  channel.port2.postMessage(0);
  // Both libraries are loaded before the clock starts: only the work of the call is measured.
  const signals = await import('/dist/signals/index.js');
  const task = which === 'signals' ? () => signals.collectSignals() : async () => (await window.FingerprintJS.load()).get();
  const t0 = performance.now();
  const result = await task();
  const wall = performance.now() - t0;
  running = false;
  await new Promise((r) => setTimeout(r, 50)); // let the observer deliver
  observer.disconnect();
  const blocking = longTasks.filter((t) => t.startTime >= t0 - 1).reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0);
  const answered = which === 'signals' ? result.screen?.width > 0 && !!result.timeZone : /^\w{20,}$/.test(result.visitorId);
  return { wall, longest, blocking, answered };
}

export async function benchSignalsCost() {
  const browser = await launchChromium();
  const results = {};
  try {
    const context = await browser.newContext();
    await context.route(`${origin}/**`, async (route) => {
      const path = new URL(route.request().url()).pathname;
      if (path.startsWith('/dist/')) return route.fulfill({ body: await readFile(join(dist, path.slice(6))), contentType: 'text/javascript' });
      if (path === '/fp.js') return route.fulfill({ body: await readFile(fingerprintBuild), contentType: 'text/javascript' });
      // A page with some text, so font probing shares the main thread with a real layout.
      const text = '<p>Flights from Madrid to Lisbon, hotels in Porto, cars at the airport.</p>'.repeat(200);
      return route.fulfill({ body: `<!doctype html><title>bench</title><script src="/fp.js"></script><body>${text}</body>`, contentType: 'text/html' });
    });
    const rows = { signals: [], fingerprintjs: [] };
    for (let i = 0; i < runs; i++) {
      for (const which of ['signals', 'fingerprintjs']) {
        const page = await context.newPage();
        await page.goto(`${origin}/`);
        const row = await page.evaluate(measureInPage, which);
        await page.close();
        if (!row.answered) throw new Error(`${which} run ${i} gave no answer`);
        rows[which].push(row);
      }
    }
    for (const [which, list] of Object.entries(rows)) {
      results[which] = {
        wallMs: median(list.map((r) => r.wall)),
        longestTaskMs: median(list.map((r) => r.longest)),
        blockingMs: median(list.map((r) => r.blocking)),
      };
    }
  } finally {
    await browser.close();
  }
  return { runs, ...results };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await benchSignalsCost(), null, 2));
}
