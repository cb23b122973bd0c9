// What the console's first view costs, as the browser loads it: the entry script of its built
// index.html and every chunk that script imports statically (Vite also lists those as
// modulepreload links), then the first view's own chunk (the Logs section, which the shell imports
// dynamically as soon as it renders) and every chunk that one imports statically, brotli-compressed
// the way the build precompresses them. Other sections and the chart library are dynamic imports
// that arrive only when opened, so they are left out; test/e2e/console.e2e.test.ts checks in
// Chromium that the first view requests no other script.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

const STATIC_IMPORT = /\b(?:import|export)\s*(?:[^"'();]*?\bfrom\s*)?["'](\.\.?\/[^"']+\.js)["']/g;

/** Bytes of the build's `.br` copy when it is current, else compressed here at the same settings. */
function brotliSize(file) {
  const copy = `${file}.br`;
  if (existsSync(copy) && statSync(copy).mtimeMs >= statSync(file).mtimeMs) return statSync(copy).size;
  const data = readFileSync(file);
  const params = { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: data.length };
  return Math.min(data.length, brotliCompressSync(data, { params }).length);
}

/**
 * The initial JavaScript of the app built in `distDir` (served under `base`): the files in load
 * order with their brotli sizes, and the total. `firstView` names the chunk of the view the app
 * opens on (its file is `assets/<firstView>-<hash>.js`). Throws when the app is not built.
 */
export function initialJs(distDir, base = '/console/', firstView = 'LogsView') {
  const html = join(distDir, 'index.html');
  if (!existsSync(html)) throw new Error(`${html} is missing — run \`npm run build\` first`);
  const text = readFileSync(html, 'utf8');
  const urls = [
    ...[...text.matchAll(/<script\b[^>]*type="module"[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]),
    ...[...text.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map((m) => m[1]),
  ];
  if (urls.length === 0) throw new Error(`${html} has no module entry script`);
  const view = readdirSync(join(distDir, 'assets')).filter((name) => name.startsWith(`${firstView}-`) && name.endsWith('.js'));
  if (view.length !== 1) throw new Error(`${distDir}/assets has ${view.length} chunks of the first view ${firstView}, not 1`);
  const pending = [...urls.map((url) => join(distDir, url.startsWith(base) ? url.slice(base.length) : url)), join(distDir, 'assets', view[0])];
  const seen = new Set();
  const files = [];
  while (pending.length > 0) {
    const file = pending.shift();
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    files.push({ file, br: brotliSize(file) });
    for (const [, rel] of code.matchAll(STATIC_IMPORT)) pending.push(join(file, '..', rel));
  }
  return { files, total: files.reduce((sum, f) => sum + f.br, 0) };
}
