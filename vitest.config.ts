import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

// Unit tests sit beside the code they test. Browser behaviour is proven separately in
// test/e2e (real Chromium); here the DOM is happy-dom, good enough for units.
const src = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// Tests import workspace packages from source, so they run without a build first.
const alias = [
  { find: /^@tarmac\/platform\/(.*)$/, replacement: src('./packages/platform/src/$1/index.ts') },
  { find: /^@tarmac\/react$/, replacement: src('./packages/react/src/index.ts') },
];

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: 'platform', include: ['packages/platform/src/**/*.test.ts'], environment: 'happy-dom' },
      },
      {
        resolve: { alias },
        test: { name: 'react', include: ['packages/react/src/**/*.test.{ts,tsx}'], environment: 'happy-dom' },
      },
      {
        test: { name: 'server', include: ['packages/server/src/**/*.test.ts'], environment: 'node' },
      },
      {
        resolve: { alias },
        test: { name: 'apps', include: ['apps/*/src/**/*.test.{ts,tsx}'], environment: 'happy-dom' },
      },
      {
        test: { name: 'scripts', include: ['scripts/**/*.test.mjs'], environment: 'node' },
      },
    ],
  },
});
