// Build steps beyond `tsc -b`, run by build.mjs after the packages compiled.
// dist/tcf-stub.js and dist/gpp-stub.js: the consent stubs as minified IIFEs, for pages that
// inline them in <head> so `window.__tcfapi` / `window.__gpp` exist before any vendor script runs
// (no module loader needed).
// dist/consent-head.js: the consent head script (consent/head with consent/gpp), the same way:
// inlined first in <head>, it answers `__tcfapi` and `__gpp` from the consent data the server
// rendered into the page, before the app bundle runs (the stubs are inside it).
import { build } from 'esbuild';
import { join } from 'node:path';
import { root } from './run.mjs';

const platformDir = join(root, 'packages/platform');

/**
 * Each script: what it runs, the file to write, and the syntax level. The GPP stub is ES2019
 * (optional catch binding): its 0.5 KB budget has no room for the `catch(e)` ES2017 needs, and
 * every browser that can run a GPP vendor supports it. The head script is ES2020: the handlers'
 * object spreads and optional chains need no helpers there.
 */
const scripts = [
  { contents: "import { installConsentStub } from './dist/consent/stub/index.js'; installConsentStub();", outfile: 'dist/tcf-stub.js', target: 'es2017' },
  { contents: "import { installGppStub } from './dist/consent/gpp/stub/installGppStub.js'; installGppStub();", outfile: 'dist/gpp-stub.js', target: 'es2019' },
  {
    contents:
      "import { startHeadConsent } from './dist/consent/head/index.js'; import { installGppApi } from './dist/consent/gpp/index.js'; startHeadConsent({ installGpp: installGppApi });",
    outfile: 'dist/consent-head.js',
    target: 'es2020',
  },
];

/** Emits the stub and head IIFEs into packages/platform/dist from the compiled modules. */
export async function buildExtras() {
  for (const { contents, outfile, target } of scripts) {
    await build({
      stdin: { contents, resolveDir: platformDir, loader: 'js' },
      bundle: true,
      minify: true,
      format: 'iife',
      target,
      platform: 'browser',
      outfile: join(platformDir, outfile),
      logLevel: 'warning',
    });
    console.log(`✓ packages/platform/${outfile}`);
  }
}
