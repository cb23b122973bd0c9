// Benchmark: what the whole platform costs a page, against the libraries it replaces. Two page
// scripts are bundled the same way (esbuild, one minified ES module, tree-shaken as a site's
// build would) from the same start-up code: Tarmac's built entries (packages/platform/dist),
// and the peers found in node_modules. Each round opens one fresh Chromium page per side,
// alternating Tarmac, peer, Tarmac, peer…; the page fetches its script first (not timed), then
// times, from one clock, the dynamic import of the script from a blob URL (parse, compile,
// execute) and its `init()` (every module started as a site starts it). Not a test: it prints
// figures, it asserts nothing about speed.
//
// What "init" is on each side, piece by piece (a piece whose peer is not installed is Tarmac
// only, and listed as such):
// - logger: createLogger + captureGlobalErrors | Sentry.init (default integrations, which
//   include global error handlers)
// - cmp: installConsentApi (the TCF __tcfapi handler) | CmpApi of @iabtechlabtcf/cmpapi, if it
//   is installed (without it the peer set has no __tcfapi at all)
// - tcDecode: decodeTcString of the visitor's TC string | TCString.decode of @iabtechlabtcf/core
// - analytics: createAnalytics + trackPageView | (no analytics SDK in node_modules)
// - perf: startPerformanceReporting | web-vitals onCLS/onFCP/onINP/onLCP/onTTFB and a beacon of
//   the values when the page is hidden (what a site writes around web-vitals)
// - dates: dateLocale('es').format + fromNow | moment + moment/locale/es
// - messages: createMessages(…).format | new IntlMessageFormat(…).format
// - loader: createComponentLoader | (nothing it replaces)
// - signals: startSignalCollection | await FingerprintJS.load(). Not the same work: Tarmac only
//   schedules its collection (200 ms later, at an idle moment), while load() waits for an idle
//   callback and starts every source. The collection itself is compared in signalsCost.mjs.
//
// Before any figure is returned, each page's work is checked: every piece's init returned its
// object, the TC string decodes to the same vendors on both sides, the Spanish date, relative
// time and message are the same strings on both sides, and after the clock stopped: the CMP
// loaded the consent data from its route, the analytics page view and the perf report reached
// their routes, and web-vitals reported TTFB.
import { build } from 'esbuild';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { bundleForPage, launchChromium, median } from './lib/browser.mjs';
import { pageCostPieces } from './lib/pageCostPieces.mjs';

const root = new URL('../', import.meta.url).pathname;
const dist = process.env.TARMAC_PLATFORM_DIST || join(root, 'packages/platform/dist');
const origin = 'http://bench.local';
const rounds = Number(process.env.BENCH_PAGE_ROUNDS || 11);

const installed = (name) => existsSync(join(root, 'node_modules', name, 'package.json'));
const versionOf = (name) => JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version;

// One page script from the given sides of the pieces. Imports of one module may repeat (dates
// and messages both import the i18n entry); esbuild merges them.
// Each piece's start is timed on its own too (`out.ms`), so a slow piece can be named.
const pageSource = (sides) =>
  `${sides.map((s) => s.imports).join('\n')}
export async function init(ctx) {
  const out = {};
  const ms = {};
  let t = performance.now();
  ${sides.map((s) => `{ ${s.code} }\n  ms[${JSON.stringify(s.name)}] = -t + (t = performance.now());`).join('\n  ')}
  return { out, ms };
}`;

async function sized(source) {
  const code = await bundleForPage(source);
  return { code, bytes: Buffer.byteLength(code), gzip: gzipSync(code, { level: 9 }).length };
}

// A TC string as a real visitor carries it: made by core from a 1,200-vendor list, vendors in a
// bit field, restrictions and disclosed vendors. The test generator is TypeScript, bundled for
// this Node process.
async function visitorTcString() {
  const out = await build({
    entryPoints: [join(root, 'packages/server/src/consent/testing/generateTcStrings.ts')],
    bundle: true, write: false, format: 'esm', platform: 'node', logLevel: 'silent',
  });
  const { randomTcString, seededRandom, syntheticGvl } = await import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].contents).toString('base64')}`);
  return randomTcString(syntheticGvl(1200), seededRandom(9), 1200, { vendors: 'scattered', restrictedPurposes: 2, disclosed: true });
}

// Runs in the page.
async function measureInPage(ctx) {
  const code = await (await fetch('/page.js')).text();
  const url = URL.createObjectURL(new Blob([code], { type: 'text/javascript' }));
  // The page's own start-up is over before the clock starts.
  await new Promise((r) => setTimeout(r, 200));
  const t0 = performance.now();
  const module = await import(url);
  const t1 = performance.now();
  const { out, ms } = await module.init(ctx);
  const t2 = performance.now();
  const pieces = {};
  for (const [name, { after, ...values }] of Object.entries(out)) pieces[name] = { ...values, ms: ms[name], after: after ? await after() : undefined };
  return { importMs: t1 - t0, initMs: t2 - t1, totalMs: t2 - t0, pieces };
}

/** Medians of fresh pages, ms, and the scripts' gzip bytes: `{tarmac, peer, ratio, …}`. */
export async function benchPageCost() {
  // A peer that is not installed leaves its piece Tarmac only (nothing is installed for this).
  const notInstalled = new Set();
  const all = pageCostPieces(dist).map((piece) => {
    const absent = piece.peer?.packages.filter((name) => !installed(name)) ?? [];
    for (const name of absent) notInstalled.add(name);
    return absent.length ? { ...piece, peer: null } : piece;
  });
  const peers = [...new Set(all.flatMap((p) => p.peer?.packages ?? []))].map((name) => `${name} ${versionOf(name)}`);
  const scripts = {
    tarmac: await sized(pageSource(all.map((p) => ({ name: p.name, ...p.tarmac })))),
    peer: await sized(pageSource(all.filter((p) => p.peer).map((p) => ({ name: p.name, ...p.peer })))),
  };
  // Each piece alone, for the breakdown; the whole is less than the sum (shared code counts once).
  const breakdown = [];
  for (const piece of all) {
    breakdown.push({
      name: piece.name,
      tarmacGzip: (await sized(pageSource([{ name: piece.name, ...piece.tarmac }]))).gzip,
      peerGzip: piece.peer ? (await sized(pageSource([{ name: piece.name, ...piece.peer }]))).gzip : undefined,
    });
  }

  const tcString = await visitorTcString();
  const formToken = 'bench-form-token';
  const ctx = {
    dsn: `http://public@${new URL(origin).host}/1`, formToken, tcString,
    date: Date.UTC(2026, 10, 23, 17, 45), now: Date.UTC(2026, 10, 20, 9, 0),
    strings: { 'results.count': '{count, plural, =0 {No hay vuelos} one {# vuelo encontrado} other {# vuelos encontrados}} de {origin} a {destination}' },
    values: { count: 1234, origin: 'Madrid', destination: 'Lisboa' },
  };

  const browser = await launchChromium();
  const runs = { tarmac: [], peer: [] };
  try {
    const context = await browser.newContext();
    const openPage = async (side) => {
      const page = await context.newPage();
      const got = { analyticsHits: 0, perfReports: 0, consentReplies: 0 };
      await page.route('**/*', async (route) => {
        const request = route.request();
        const url = new URL(request.url());
        // Nothing leaves the machine (FingerprintJS may report usage to its CDN).
        if (url.origin !== origin) return route.abort();
        if (url.pathname === '/page.js') return route.fulfill({ body: scripts[side].code, contentType: 'text/javascript' });
        if (url.pathname === '/i/api/iabtcf/v1/consent') {
          got.consentReplies++;
          const data = { tcString, cmpId: 300, cmpVersion: 1, gdprApplies: true, tcfPolicyVersion: 4, gvlVersion: 42 };
          return route.fulfill({ body: JSON.stringify(data), contentType: 'application/json' });
        }
        if (url.pathname === '/a/api/analytics/events') got.analyticsHits += JSON.parse(request.postData()).events.length;
        if (url.pathname === '/s/run/perf') got.perfReports++;
        if (request.method() === 'POST') return route.fulfill({ body: '{}', contentType: 'application/json' });
        if (url.pathname === '/') return route.fulfill({ body: '<!doctype html><title>bench</title><p>Vuelos de Madrid a Lisboa</p>', contentType: 'text/html' });
        return route.fulfill({ status: 404, body: '' });
      });
      await page.goto(`${origin}/`);
      const result = await page.evaluate(measureInPage, ctx);
      // Beacons may still be on their way to the routes.
      for (let i = 0; i < 40 && side === 'tarmac' && (!got.analyticsHits || !got.perfReports); i++) await page.waitForTimeout(25);
      await page.close();
      return { ...result, got };
    };
    const check = (side, run) => {
      const expected = all.filter((p) => side === 'tarmac' || p.peer).map((p) => p.name);
      for (const name of expected) if (run.pieces[name]?.ok !== true) throw new Error(`${side} page: ${name} did not start`);
      if (side === 'tarmac') {
        if (run.pieces.cmp.after.loaded !== true || run.got.consentReplies !== 1) throw new Error('tarmac page: the CMP did not load its consent data');
        if (run.got.analyticsHits !== 1) throw new Error(`tarmac page: ${run.got.analyticsHits} analytics hits reached the collector, not 1`);
        if (run.got.perfReports !== 1) throw new Error(`tarmac page: ${run.got.perfReports} perf reports arrived, not 1`);
      } else if (!(run.pieces.perf.after.ttfb >= 0)) throw new Error('peer page: web-vitals reported no TTFB');
    };
    const same = (a, b) => {
      for (const [name, field] of [['tcDecode', 'vendors'], ['dates', 'date'], ['dates', 'fromNow'], ['messages', 'text']]) {
        if (a.pieces[name][field] !== b.pieces[name][field]) {
          throw new Error(`${name}.${field}: tarmac ${JSON.stringify(a.pieces[name][field])} ≠ peer ${JSON.stringify(b.pieces[name][field])}`);
        }
      }
    };
    // A first pair, untimed: the browser's own first-page costs are no one's.
    await openPage('tarmac');
    await openPage('peer');
    for (let r = 0; r < rounds; r++) {
      for (const side of ['tarmac', 'peer']) {
        const run = await openPage(side);
        check(side, run);
        runs[side].push(run);
      }
      same(runs.tarmac[r], runs.peer[r]);
    }
  } finally {
    await browser.close();
  }
  const summary = (side) => ({
    totalMs: median(runs[side].map((r) => r.totalMs)),
    importMs: median(runs[side].map((r) => r.importMs)),
    initMs: median(runs[side].map((r) => r.initMs)),
    gzip: scripts[side].gzip,
    bytes: scripts[side].bytes,
  });
  const tarmac = summary('tarmac');
  const peer = summary('peer');
  for (const piece of breakdown) {
    piece.tarmacMs = median(runs.tarmac.map((r) => r.pieces[piece.name].ms));
    if (piece.peerGzip !== undefined) piece.peerMs = median(runs.peer.map((r) => r.pieces[piece.name].ms));
  }
  return {
    tarmac, peer, ratio: tarmac.totalMs / peer.totalMs, gzipRatio: tarmac.gzip / peer.gzip,
    rounds, peers, notInstalled: [...notInstalled], tarmacOnly: all.filter((p) => !p.peer).map((p) => p.name), breakdown,
    sample: { date: runs.tarmac[0].pieces.dates.date, message: runs.tarmac[0].pieces.messages.text },
  };
}

/** The lines `npm run bench` prints for this comparison. */
export function describePageCost(r) {
  const kb = (n) => (n / 1000).toFixed(2);
  return [
    `whole page, Tarmac's entries vs the peers in node_modules (${r.peers.join(', ')}),`,
    `  one fresh Chromium page per side and round, median of ${r.rounds} alternating rounds:`,
    `  import + init ms:   tarmac ${r.tarmac.totalMs.toFixed(2)} · peers ${r.peer.totalMs.toFixed(2)} · ratio ${r.ratio.toFixed(2)}`,
    `    of which import:  tarmac ${r.tarmac.importMs.toFixed(2)} · peers ${r.peer.importMs.toFixed(2)}; init: tarmac ${r.tarmac.initMs.toFixed(2)} · peers ${r.peer.initMs.toFixed(2)}`,
    `  script KB gzip:     tarmac ${kb(r.tarmac.gzip)} · peers ${kb(r.peer.gzip)} · ratio ${r.gzipRatio.toFixed(2)} (minified ${kb(r.tarmac.bytes)} · ${kb(r.peer.bytes)})`,
    `  per piece, init ms in the page (tarmac · peer): ${r.breakdown.map((b) => `${b.name} ${b.tarmacMs.toFixed(2)} · ${b.peerMs === undefined ? '–' : b.peerMs.toFixed(2)}`).join(', ')}`,
    `  per piece, KB gzip bundled alone (tarmac · peer): ${r.breakdown.map((b) => `${b.name} ${kb(b.tarmacGzip)} · ${b.peerGzip === undefined ? '–' : kb(b.peerGzip)}`).join(', ')}`,
    `  Tarmac only (no peer): ${r.tarmacOnly.join(', ')}; not in node_modules: ${r.notInstalled.join(', ') || 'nothing'}, and no analytics SDK`,
    `  checked: every init returned its object; same vendors, date ${JSON.stringify(r.sample.date)}, message ${JSON.stringify(r.sample.message)} on both sides`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(describePageCost(await benchPageCost()).join('\n'));
}
