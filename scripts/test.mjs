// `npm test`: every check the project has, in the order a failure is cheapest to find.
// Each step stops the run with its own exit code, so CI fails when anything fails.
import { ensureDeps } from './lib/ensureDeps.mjs';
import { ensureChromium } from './lib/ensureChromium.mjs';
import { ensureFirefox, ensureWebKit } from './lib/ensureEngines.mjs';
import { ensureServiceBinaries, ensureServices } from './lib/ensureServices.mjs';
import { build } from './lib/build.mjs';
import { must } from './lib/run.mjs';
import { mustTogether } from './lib/together.mjs';
import { unitTestsOnNode24 } from './lib/node24.mjs';

// The default reporter, then a recap of what failed at the very end of the log (failureRecap.mjs).
const reporters = ['--reporter=default', '--reporter=./scripts/lib/failureRecap.mjs'];

await ensureDeps();
const chromium = await ensureChromium();
console.log(`Chromium for the browser tests: ${chromium}`);
// Which engines run the browser suite: E2E_ENGINES (comma-separated), all three by default.
const chosen = (process.env.E2E_ENGINES ?? 'chromium,firefox,webkit').split(',').map((name) => name.trim().toLowerCase());
const unknown = chosen.filter((name) => !['chromium', 'firefox', 'webkit'].includes(name));
if (unknown.length > 0) throw new Error(`E2E_ENGINES names no engine: ${unknown.join(', ')} (chromium, firefox, webkit)`);
const firefox = chosen.includes('firefox') ? await ensureFirefox() : '';
if (firefox) console.log(`Firefox for the browser tests: ${firefox}`);
const webkit = chosen.includes('webkit') ? await ensureWebKit() : { miniBrowser: '', driver: '', xvfb: '' };
if (webkit.driver) console.log(`WebKitGTK for the browser tests: ${webkit.miniBrowser} through ${webkit.driver}, on ${webkit.xvfb}`);
// TEST_DATABASE_URL and TEST_NATS_URL, set here, reach every step below through the environment.
const services = await ensureServices();

await must('Typecheck', 'npm', ['run', '--silent', 'typecheck']);
await must('Lint', 'npm', ['run', '--silent', 'lint']);
await must('Unit tests', 'npx', ['vitest', 'run', ...reporters]);
// The same unit and server tests on Node 24 (node24.mjs): Node 20 runs everything else.
await unitTestsOnNode24(reporters);
await build();
await must('Size budgets', 'node', ['scripts/size.mjs']);
// The browser suite once per engine (test/e2e/support/engine.ts): Chromium through Playwright
// (CDP), Firefox ESR through Playwright over WebDriver BiDi, WebKitGTK through WebKitWebDriver on a
// virtual display the suite starts and stops itself. Each run has its own server, data directory
// and display, so the three run together (E2E_SERIAL=1 runs them one after another).
const e2e = ['vitest', 'run', '--config', 'test/e2e/vitest.config.ts', ...reporters];
const engines = [
  { title: 'Browser tests (Chromium)', cmd: 'npx', args: e2e, env: { ...process.env, E2E_ENGINE: 'chromium', CHROMIUM_PATH: chromium } },
  { title: 'Browser tests (Firefox)', cmd: 'npx', args: e2e, env: { ...process.env, E2E_ENGINE: 'firefox', FIREFOX_PATH: firefox } },
  {
    title: 'Browser tests (WebKit)', cmd: 'npx', args: e2e,
    env: { ...process.env, E2E_ENGINE: 'webkit', WEBKIT_DRIVER_PATH: webkit.driver, WEBKIT_MINIBROWSER_PATH: webkit.miniBrowser, XVFB_PATH: webkit.xvfb },
  },
];
const selected = engines.filter((step) => chosen.includes(step.env.E2E_ENGINE));
if (process.env.E2E_SERIAL === '1' || selected.length === 1) for (const s of selected) await must(s.title, s.cmd, s.args, { env: s.env });
else await mustTogether(selected);
// Private PostgreSQL and NATS of its own, which it restarts mid-run, behind three instances.
await ensureServiceBinaries();
await must('Topology (3 instances, PostgreSQL, NATS, faults)', 'npx', ['vitest', 'run', '--config', 'test/topology/vitest.config.ts', ...reporters], {
  env: { ...process.env, CHROMIUM_PATH: chromium },
});
await services.stop();
console.log('\nAll checks passed.');
