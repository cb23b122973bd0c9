// Build steps beyond `tsc -b`, run by build.mjs after the packages compiled.
// dist/tcf-stub.js: the consent stub as a minified IIFE, for pages that inline it in <head> so
// `window.__tcfapi` exists before any vendor script runs (no module loader needed).
// dist/consent-head.js: the consent head script (consent/head), the same way: inlined first in
// <head>, it answers `__tcfapi` (and `__gpp` once consent/gpp is built) from the consent data the
// server rendered into the page, before the app bundle runs.
import { build } from 'esbuild';
import { existsSync } from 'node:fs';
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

  // The GPP handler goes in when its entry exists (issue 22's consent/gpp); before that the head
  // script answers `__tcfapi` only.
  const withGpp = existsSync(join(platformDir, 'dist/consent/gpp/index.js'));
  await build({
    stdin: {
      contents: withGpp
        ? "import { startHeadConsent } from './dist/consent/head/index.js'; import { installGppApi } from './dist/consent/gpp/index.js'; startHeadConsent({ installGpp: installGppApi });"
        : "import { startHeadConsent } from './dist/consent/head/index.js'; startHeadConsent();",
      resolveDir: platformDir,
      loader: 'js',
    },
    bundle: true,
    minify: true,
    format: 'iife',
    // The handler's object spreads need no helpers from ES2018 on; every browser the site
    // supports has them.
    target: 'es2020',
    platform: 'browser',
    outfile: join(platformDir, 'dist/consent-head.js'),
    logLevel: 'warning',
  });
  console.log(`✓ packages/platform/dist/consent-head.js${withGpp ? ' (with __gpp)' : ' (TCF only: no consent/gpp yet)'}`);
}
