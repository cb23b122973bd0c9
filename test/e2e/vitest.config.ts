import { defineConfig } from 'vitest/config';

// Browser tests: the real server (packages/server/dist/main.js, fresh data dir) and a real browser
// of the engine named by E2E_ENGINE (chromium, firefox, webkit; support/engine.ts). Files run one
// at a time: the machine has two cores and each file owns a browser. The project name carries the
// engine, so a failure line and the failure recap say which engine failed.
const engine = process.env.E2E_ENGINE || 'chromium';

export default defineConfig({
  test: {
    name: `e2e-${engine}`,
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.e2e.test.ts'],
    globalSetup: ['./support/globalSetup.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
