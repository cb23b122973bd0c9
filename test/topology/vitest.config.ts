import { defineConfig } from 'vitest/config';

// The topology test: private PostgreSQL and nats-server, three server instances (the built
// packages/server/dist/main.js) behind a balancer of the test's own, a browser pass and a load
// run with faults. One file, one process: it starts, kills and restarts everything it uses, so
// the timeouts are generous for a slow, shared machine.
export default defineConfig({
  test: {
    name: 'topology',
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 300_000,
  },
});
