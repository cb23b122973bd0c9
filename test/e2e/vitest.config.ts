import { defineConfig } from 'vitest/config';

// Browser tests: the real server (packages/server/dist/main.js, fresh data dir) and a real
// Chromium driven by playwright-core. Files run one at a time: the machine has two cores and each
// file owns a browser.
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.e2e.test.ts'],
    globalSetup: ['./support/globalSetup.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
