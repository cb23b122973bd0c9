// `npm test`: every check the project has, in the order a failure is cheapest to find.
// Each step stops the run with its own exit code, so CI fails when anything fails.
import { ensureDeps } from './lib/ensureDeps.mjs';
import { ensureChromium } from './lib/ensureChromium.mjs';
import { ensureFirefox, ensureWebKit } from './lib/ensureEngines.mjs';
import { ensureServiceBinaries, ensureServices } from './lib/ensureServices.mjs';
import { build } from './lib/build.mjs';
import { must } from './lib/run.mjs';
import { unitTestsOnNode24 } from './lib/node24.mjs';

// The default reporter, then a recap of what failed at the very end of the log (failureRecap.mjs).
const reporters = ['--reporter=default', '--reporter=./scripts/lib/failureRecap.mjs'];

await ensureDeps();
const chromium = await ensureChromium();
console.log(`Chromium for the browser tests: ${chromium}`);
const firefox = await ensureFirefox();
console.log(`Firefox for the browser tests: ${firefox}`);
const webkit = await ensureWebKit();
console.log(`WebKitGTK for the browser tests: ${webkit.miniBrowser} through ${webkit.driver}, on ${webkit.xvfb}`);
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
// virtual display the suite starts and stops itself.
const e2e = ['vitest', 'run', '--config', 'test/e2e/vitest.config.ts', ...reporters];
await must('Browser tests (Chromium)', 'npx', e2e, { env: { ...process.env, E2E_ENGINE: 'chromium', CHROMIUM_PATH: chromium } });
await must('Browser tests (Firefox)', 'npx', e2e, { env: { ...process.env, E2E_ENGINE: 'firefox', FIREFOX_PATH: firefox } });
await must('Browser tests (WebKit)', 'npx', e2e, {
  env: { ...process.env, E2E_ENGINE: 'webkit', WEBKIT_DRIVER_PATH: webkit.driver, WEBKIT_MINIBROWSER_PATH: webkit.miniBrowser, XVFB_PATH: webkit.xvfb },
});
// Private PostgreSQL and NATS of its own, which it restarts mid-run, behind three instances.
await ensureServiceBinaries();
await must('Topology (3 instances, PostgreSQL, NATS, faults)', 'npx', ['vitest', 'run', '--config', 'test/topology/vitest.config.ts', ...reporters], {
  env: { ...process.env, CHROMIUM_PATH: chromium },
});
await services.stop();
console.log('\nAll checks passed.');
