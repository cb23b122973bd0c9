// `node scripts/lighthouse.mjs [url] [--runs=N] [--min=0.9]`: Lighthouse's mobile performance
// score of the demo home, with the metrics behind it and the audits that cost the most. Without
// a URL it starts the built server (packages/server/dist/main.js) on a free port with a
// throw-away data directory, as `npm start` would serve it. A measurement, not a test: the
// score moves with the machine's load, so it reports every run and their median.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root, run } from './lib/run.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const runs = Number(option('runs', 1));
const min = option('min', undefined);
const chrome = process.env.CHROME_PATH || process.env.CHROMIUM_PATH || '/usr/bin/chromium';

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the built server; resolves with its base URL and a stopper. */
async function startServer() {
  const dataDir = mkdtempSync(join(tmpdir(), 'tarmac-lighthouse-'));
  const port = await freePort();
  const server = spawn(process.execPath, [join(root, 'packages/server/dist/main.js')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}; run npm run build first`);
    if (await fetch(`${base}/healthz`).then((r) => r.ok, () => false)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const stop = async () => {
    server.kill('SIGTERM');
    await new Promise((r) => (server.exitCode === null ? server.once('exit', r) : r()));
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { base, stop };
}

/** One Lighthouse run (mobile, simulated throttling: its defaults); returns the parsed report. */
async function lighthouse(url, outFile) {
  const code = await run(
    join(root, 'node_modules/.bin/lighthouse'),
    [url, '--only-categories=performance', '--output=json', `--output-path=${outFile}`, '--quiet',
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage'],
    { env: { ...process.env, CHROME_PATH: chrome } },
  );
  if (code !== 0) throw new Error(`lighthouse exited with code ${code}`);
  return JSON.parse(readFileSync(outFile, 'utf8'));
}

const given = args.find((a) => !a.startsWith('--'));
const server = given ? null : await startServer();
const url = given ?? `${server.base}/`;
const outDir = mkdtempSync(join(tmpdir(), 'tarmac-lighthouse-report-'));
const scores = [];
try {
  for (let i = 0; i < runs; i++) {
    const report = await lighthouse(url, join(outDir, `run-${i}.json`));
    const score = report.categories.performance.score;
    scores.push(score);
    const metric = (id) => report.audits[id]?.displayValue ?? '—';
    console.log(`run ${i + 1}: performance ${score.toFixed(2)} · FCP ${metric('first-contentful-paint')} · LCP ${metric('largest-contentful-paint')} · TBT ${metric('total-blocking-time')} · CLS ${metric('cumulative-layout-shift')} · SI ${metric('speed-index')}`);
    // What Lighthouse would fix first: the audits that fall short, with their estimated savings.
    const short = Object.values(report.audits)
      .filter((a) => typeof a.score === 'number' && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable')
      .map((a) => `    ${a.id}: ${a.displayValue ?? a.score}`);
    if (short.length) console.log(short.join('\n'));
  }
} finally {
  await server?.stop();
  rmSync(outDir, { recursive: true, force: true });
}
const median = [...scores].sort((a, b) => a - b)[Math.floor(scores.length / 2)];
console.log(`\nLighthouse mobile performance of ${url}: ${median.toFixed(2)}${runs > 1 ? ` (median of ${runs}: ${scores.map((s) => s.toFixed(2)).join(', ')})` : ''}`);
if (min !== undefined && median < Number(min)) {
  console.error(`✗ below ${min}`);
  process.exit(1);
}
