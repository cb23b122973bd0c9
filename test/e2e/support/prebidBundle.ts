import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const repoRoot = new URL('../../../', import.meta.url).pathname;
const sourceDir = join(repoRoot, 'test/e2e/prebid');
// node_modules/.cache is ignored by git and is where build tools keep their caches.
const cacheDir = join(repoRoot, 'node_modules/.cache/tarmac-e2e');

/**
 * Builds (once per input) the Prebid.js bundle the browser tests load: Prebid from npm with its
 * TCF and GPP consent and enforcement modules plus our test bidder (test/e2e/prebid/). esbuild
 * bundles Prebid's published ES modules as they are (Prebid 10+ needs no Babel plugins), so a fresh
 * clone builds it offline; the file name is a hash of Prebid's version and our sources, so a
 * changed input rebuilds and an unchanged one is reused. Returns the bundle's path.
 */
export async function prebidBundle(): Promise<string> {
  const prebidVersion = (JSON.parse(readFileSync(join(repoRoot, 'node_modules/prebid.js/package.json'), 'utf8')) as { version: string }).version;
  const hash = createHash('sha256').update(prebidVersion);
  for (const file of readdirSync(sourceDir).sort()) hash.update(file).update(readFileSync(join(sourceDir, file)));
  const outfile = join(cacheDir, `prebid-${prebidVersion}-${hash.digest('hex').slice(0, 16)}.js`);
  if (existsSync(outfile)) return outfile;
  mkdirSync(cacheDir, { recursive: true });
  await build({
    entryPoints: [join(sourceDir, 'bundleEntry.ts')],
    bundle: true,
    format: 'iife',
    target: 'es2020',
    outfile,
    logLevel: 'warning',
  });
  return outfile;
}
