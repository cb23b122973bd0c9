// `npm test`: every check the project has, in the order a failure is cheapest to find.
// Each step stops the run with its own exit code, so CI fails when anything fails.
import { ensureDeps } from './lib/ensureDeps.mjs';
import { ensureChromium } from './lib/ensureChromium.mjs';
import { ensureServiceBinaries, ensureServices } from './lib/ensureServices.mjs';
import { build } from './lib/build.mjs';
import { must } from './lib/run.mjs';

// The default reporter, then a recap of what failed at the very end of the log (failureRecap.mjs).
const reporters = ['--reporter=default', '--reporter=./scripts/lib/failureRecap.mjs'];

await ensureDeps();
const chromium = await ensureChromium();
console.log(`Chromium for the browser tests: ${chromium}`);
// TEST_DATABASE_URL and TEST_NATS_URL, set here, reach every step below through the environment.
const services = await ensureServices();

await must('Typecheck', 'npm', ['run', '--silent', 'typecheck']);
await must('Lint', 'npm', ['run', '--silent', 'lint']);
await must('Unit tests', 'npx', ['vitest', 'run', ...reporters]);
await build();
await must('Size budgets', 'node', ['scripts/size.mjs']);
await must('Browser tests (Chromium)', 'npx', ['vitest', 'run', '--config', 'test/e2e/vitest.config.ts', ...reporters], {
  env: { ...process.env, CHROMIUM_PATH: chromium },
});
// Private PostgreSQL and NATS of its own, which it restarts mid-run, behind three instances.
await ensureServiceBinaries();
await must('Topology (3 instances, PostgreSQL, NATS, faults)', 'npx', ['vitest', 'run', '--config', 'test/topology/vitest.config.ts', ...reporters], {
  env: { ...process.env, CHROMIUM_PATH: chromium },
});
await services.stop();
console.log('\nAll checks passed.');
