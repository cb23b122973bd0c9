// Build steps beyond `tsc -b`, run by build.mjs after the packages compiled.
// dist/tcf-stub.js and dist/gpp-stub.js: the consent stubs as minified IIFEs, for pages that
// inline them in <head> so `window.__tcfapi` / `window.__gpp` exist before any vendor script runs
// (no module loader needed).
import { build } from 'esbuild';
import { join } from 'node:path';
import { root } from './run.mjs';

const platformDir = join(root, 'packages/platform');

/**
 * Each stub: the compiled module to import, the function to call, the file to write, and the
 * syntax level. The GPP stub is ES2019 (optional catch binding): its 0.5 KB budget has no room for
 * the `catch(e)` ES2017 needs, and every browser that can run a GPP vendor supports it.
 */
const stubs = [
  { module: './dist/consent/stub/index.js', install: 'installConsentStub', outfile: 'dist/tcf-stub.js', target: 'es2017' },
  { module: './dist/consent/gpp/stub/installGppStub.js', install: 'installGppStub', outfile: 'dist/gpp-stub.js', target: 'es2019' },
];

/** Emits the stub IIFEs into packages/platform/dist from the compiled stub modules. */
export async function buildExtras() {
  for (const { module, install, outfile, target } of stubs) {
    await build({
      stdin: { contents: `import { ${install} } from '${module}'; ${install}();`, resolveDir: platformDir, loader: 'js' },
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
