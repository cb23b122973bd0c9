// What the console's first screen costs: the entry script of its built index.html and every chunk
// that script imports statically (Vite also lists those as modulepreload links), brotli-compressed
// the way the build precompresses them. Sections and the chart library are dynamic imports and
// arrive only when opened, so they are left out by design.
import { existsSync, readFileSync, statSync } from 'node:fs';
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
 * order with their brotli sizes, and the total. Throws when the app is not built.
 */
export function initialJs(distDir, base = '/console/') {
  const html = join(distDir, 'index.html');
  if (!existsSync(html)) throw new Error(`${html} is missing — run \`npm run build\` first`);
  const text = readFileSync(html, 'utf8');
  const urls = [
    ...[...text.matchAll(/<script\b[^>]*type="module"[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]),
    ...[...text.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map((m) => m[1]),
  ];
  if (urls.length === 0) throw new Error(`${html} has no module entry script`);
  const pending = urls.map((url) => join(distDir, url.startsWith(base) ? url.slice(base.length) : url));
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
