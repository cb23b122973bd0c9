// Build steps beyond `tsc -b`, run by build.mjs after the packages compiled.
// dist/tcf-stub.js: the consent stub as a minified IIFE, for pages that inline it in <head> so
// `window.__tcfapi` exists before any vendor script runs (no module loader needed).
import { build } from 'esbuild';
import { join } from 'node:path';
import { root } from './run.mjs';

const platformDir = join(root, 'packages/platform');

/** Emits packages/platform/dist/tcf-stub.js from the compiled stub module. */
export async function buildExtras() {
  await build({
    stdin: {
      contents: "import { installConsentStub } from './dist/consent/stub/index.js'; installConsentStub();",
      resolveDir: platformDir,
      loader: 'js',
    },
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2017',
    platform: 'browser',
    outfile: join(platformDir, 'dist/tcf-stub.js'),
    logLevel: 'warning',
  });
  console.log('✓ packages/platform/dist/tcf-stub.js');
}
