// Writes brotli (.br) and gzip (.gz) copies beside an app's built assets, once at build time, at
// the strongest settings: the server sends the best copy a browser accepts (@fastify/static's
// preCompressed) instead of compressing the same bytes on every request.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

// Text the browser fetches. Source maps stay as they are (only devtools load them), and HTML is
// left out: index.html is rendered per request, and a static page's CSP is read from its text.
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt)$/;
// Below this, a compressed copy saves too little to be worth a file.
const MIN_BYTES = 1024;

const encoders = {
  br: (data) =>
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
  gz: (data) => gzipAsync(data, { level: constants.Z_BEST_COMPRESSION }),
};

function filesUnder(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

const isFresh = (copy, source) => existsSync(copy) && statSync(copy).mtimeMs >= statSync(source).mtimeMs;

/**
 * Compresses every compressible file of `distDir/assets` that has no up-to-date copy yet.
 * A copy that would not be smaller than the file is not written. Returns the byte totals.
 */
export async function compressAssets(distDir) {
  const totals = { files: 0, raw: 0, br: 0, gz: 0 };
  const sources = filesUnder(join(distDir, 'assets')).filter((f) => COMPRESSIBLE.test(f) && statSync(f).size >= MIN_BYTES);
  await Promise.all(
    sources.map(async (file) => {
      const data = await readFile(file);
      totals.files += 1;
      totals.raw += data.length;
      for (const [extension, encode] of Object.entries(encoders)) {
        const copy = `${file}.${extension}`;
        if (isFresh(copy, file)) {
          totals[extension] += statSync(copy).size;
          continue;
        }
        const compressed = await encode(data);
        totals[extension] += Math.min(compressed.length, data.length);
        if (compressed.length < data.length) await writeFile(copy, compressed);
      }
    }),
  );
  return totals;
}
