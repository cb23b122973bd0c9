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
