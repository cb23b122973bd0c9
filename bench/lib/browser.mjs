// What the Chromium benchmarks share: the browser as every bench launches it, bundling a peer
// library from node_modules for the page the way a site would ship it (as
// scripts/size.mjs measures: bundled, minified, es2020), and the median.
import { chromium } from 'playwright-core';
import { build } from 'esbuild';

const root = new URL('../../', import.meta.url).pathname;

/** The system Chromium, headless, without the background traffic that would share the CPU. */
export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/** One minified ES module made from `contents` (imports resolved from the repository root). */
export async function bundleForPage(contents) {
  const out = await build({
    stdin: { contents, resolveDir: root, loader: 'js' },
    bundle: true, write: false, format: 'esm', platform: 'browser', minify: true, target: 'es2020', logLevel: 'silent',
  });
  return out.outputFiles[0].text;
}

export const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];

/**
 * Runs `use(page)` on a fresh Chromium page at a bench origin that serves the built platform under
 * `/dist/`, `peer` (a bundled script) as `/peer.js` and an empty document elsewhere, so a pair of
 * libraries can be measured side by side in one page. The browser is closed afterwards.
 */
export async function withPeerPage(peer, use) {
  const { readFile } = await import('node:fs/promises');
  const { join } = await import('node:path');
  const dist = join(root, 'packages/platform/dist/');
  const origin = 'http://bench.local';
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.route(`${origin}/**`, async (route) => {
      const path = new URL(route.request().url()).pathname;
      if (path.startsWith('/dist/')) return route.fulfill({ body: await readFile(join(dist, path.slice(6))), contentType: 'text/javascript' });
      if (path === '/peer.js') return route.fulfill({ body: peer, contentType: 'text/javascript' });
      return route.fulfill({ body: '<!doctype html><title>bench</title>', contentType: 'text/html' });
    });
    await page.goto(`${origin}/`);
    return await use(page);
  } finally {
    await browser.close();
  }
}
