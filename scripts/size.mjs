// `npm run size`: the gzip budgets of DESIGN.md, measured the way a site would ship each entry:
// bundled with its imports, minified, gzip level 9. 1 KB = 1000 bytes (the stricter reading).
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { initialJs } from './lib/consoleInitialJs.mjs';
import { root } from './lib/run.mjs';

const platformDir = join(root, 'packages/platform');
const KB = 1000;
/** Budgets per public entry (subpath of @tarmac/platform), from DESIGN.md. */
const budgets = {
  consent: 4 * KB,
  'consent/stub': 0.8 * KB,
  // DESIGN.md says 0.6 KB. Issue 22 made it read US opt-outs from any GPP CMP (`__gpp` events and
  // getField) and hold its update until GPP is ready: 0.15 KB on top of the TCF mapping, which was
  // 0.03 KB under budget. Issue 24 took 0.05 KB back (0.68 KB). The GPP reading itself is about
  // 0.11 KB (without it the entry would be about 0.57 KB), so DESIGN.md's 0.6 KB would cost that
  // feature. Set just above the measure so it cannot grow unseen.
  'consent/google': 0.69 * KB,
  // Issue 22: the head script's code: the whole TCF handler (consent, ≤ 4 KB) plus reading the
  // page's data and saving a GPC opt-out. Not in DESIGN.md; set here so it cannot grow unseen.
  'consent/head': 4.6 * KB,
  'consent/gpp': 2 * KB,
  logger: 3.5 * KB,
  // DESIGN.md says 2 KB. Issue 9 made every product count what it drops (client reports), which
  // the shared transport carries into every entry: 0.15 KB that analytics, 0.06 KB under its
  // budget before, could not absorb without losing a feature. Raised, and said so in the note.
  analytics: 2.2 * KB,
  perf: 5 * KB,
  'perf/attribution': 7 * KB,
  loader: 2.5 * KB,
  signals: 3 * KB,
  i18n: 5 * KB,
  breadcrumbs: 1.2 * KB,
};
const totalBudget = 25 * KB;
/** Files the build emits beside the entries that have a budget of their own. */
// The consent head script is inlined in every page: consent/head plus consent/gpp (≤ 2 KB),
// less what they share.
const extraFiles = { 'dist/tcf-stub.js': 0.8 * KB, 'dist/gpp-stub.js': 0.5 * KB, 'dist/consent-head.js': 6.4 * KB };

async function gzipSize(contents, resolveDir) {
  const result = await build({
    stdin: { contents, resolveDir, loader: 'js' },
    bundle: true, minify: true, format: 'esm', write: false, platform: 'browser', target: 'es2020',
    logLevel: 'silent',
  });
  return gzipSync(result.outputFiles[0].contents, { level: 9 }).length;
}

const pkg = JSON.parse(readFileSync(join(platformDir, 'package.json'), 'utf8'));
// Every module export; a module whose source folder does not exist yet is listed, not measured.
const entries = Object.entries(pkg.exports)
  .filter(([key, target]) => typeof target !== 'string' || !key.endsWith('.js'))
  .map(([key, target]) => ({
    name: key.replace(/^\.\//, ''),
    file: join(platformDir, typeof target === 'string' ? target : target.default),
  }))
  .filter(({ name }) => {
    if (existsSync(join(platformDir, 'src', name))) return true;
    console.log(`· ${name}: no source yet (packages/platform/src/${name}), not measured`);
    return false;
  });

const rows = [];
let failed = false;
for (const { name, file } of entries) {
  if (!existsSync(file)) {
    console.error(`✗ ${name}: ${file} is missing — run \`npm run build\` first`);
    process.exit(1);
  }
  const size = await gzipSize(`export * from ${JSON.stringify(file)};`, platformDir);
  rows.push({ name, size, budget: budgets[name] });
}
for (const [rel, budget] of Object.entries(extraFiles)) {
  const file = join(platformDir, rel);
  if (existsSync(file)) rows.push({ name: rel, size: gzipSync(readFileSync(file), { level: 9 }).length, budget });
}
// The totals are what one page can load at once: every budgeted entry, but of the two drop-in
// alternatives `perf` and `perf/attribution` (a page loads one or the other) only one. DESIGN.md's
// 25 KB holds for a page with the standard `perf`. A page that opts into attribution is counted
// against 26.4 KB, not DESIGN.md's 25: measured 26.25 KB after issue 24's cuts, 26.34 KB once the
// attribution entry kept TTFB where WebKit's navigation times precede the time origin (issue 23),
// the attribution layer itself being 1.6 KB over the standard page (its INP frames and LoAF scripts 0.85 KB, the
// LCP/FCP/TTFB subparts 0.44 KB, the rest its selectors, CLS source and route views), on top of
// modules that each sit at their own budgets. README (Size budgets) has the per-module breakdown.
const attributionTotalBudget = 26.4 * KB;
const totals = [
  { name: 'one page, perf', without: 'perf/attribution', budget: totalBudget },
  { name: 'one page, perf/attrib.', without: 'perf', budget: attributionTotalBudget },
];
for (const { name, without, budget } of totals) {
  const onOnePage = entries.filter((e) => budgets[e.name] !== undefined && e.name !== without);
  const all = onOnePage.map((e, i) => `export * as m${i} from ${JSON.stringify(e.file)};`).join('\n');
  rows.push({ name, size: await gzipSize(all, platformDir), budget });
}

const fmt = (n) => (n / KB).toFixed(2).padStart(6) + ' KB';
console.log('entry'.padEnd(24) + 'gzip'.padStart(9) + 'budget'.padStart(11));
for (const { name, size, budget } of rows) {
  const over = budget !== undefined && size > budget;
  failed ||= over;
  const mark = budget === undefined ? '  (shared code, counted inside the entries)' : over ? '  ✗ OVER BUDGET' : '  ✓';
  console.log(name.padEnd(24) + fmt(size).padStart(9) + (budget ? fmt(budget) : '—').padStart(11) + mark);
}
// The console's first view (issues 13 and 24): its entry, the Logs view's chunk and their static
// imports, brotli as served.
const consoleBudget = 120 * KB;
let consoleJs;
try {
  consoleJs = initialJs(join(root, 'apps/console/dist'));
} catch (error) {
  console.error(`✗ console first view JS: ${error.message}`);
  process.exit(1);
}
const consoleOver = consoleJs.total > consoleBudget;
failed ||= consoleOver;
console.log('\n' + 'console first view JS'.padEnd(24) + fmt(consoleJs.total).padStart(9) + fmt(consoleBudget).padStart(11) + (consoleOver ? '  ✗ OVER BUDGET' : '  ✓') + `  (brotli, ${consoleJs.files.length} file${consoleJs.files.length === 1 ? '' : 's'})`);
if (failed) {
  console.error('\n✗ At least one entry is over its budget.');
  process.exit(1);
}
