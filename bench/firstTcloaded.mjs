// Benchmark (issue 22, "Fast where ad auctions wait"): page start → first `tcloaded` for a
// returning visitor, which is when Prebid and Google's tags may start an auction.
//
// - tarmac: the demo page exactly as the built server renders it (consent data in the page, the
//   consent head script first in <head>, then the app bundle and its preloads).
// - peer: the same document from the same server (same origin, same response headers, same meta
//   tags and stylesheet), with the consent data block and Tarmac's head script and app bundle
//   taken out and, inline in <head>, the IAB's stub (`@iabtechlabtcf/stub`, as dropped on a page)
//   and `@iabtechlabtcf/cmpapi`, which fetches GET /i/api/iabtcf/v1/consent (with the page's form
//   token, as our CMP does) and calls `cmpApi.update(tcString)`. Without the app bundle the peer's
//   request never waits behind the app's long tasks: the comparison favours the peer.
//
// Both documents come from the real renderer, unintercepted: the built server runs in this process
// with a site directory of its own (the demo's built files linked in) whose index.html is the
// variant of the side measured next; the server reads it per request, so both get the renderer's
// own response headers, session cookie, meta tags and CSP (computed from each variant). The same
// inline listener, right after the CMP's script, records `performance.now()` (ms since navigation
// start) at the first `tcloaded` and its TC string. One browser context holds the visitor's stored
// choice ("Accept all", saved once); every measurement is a fresh page, alternating tarmac, peer,
// tarmac, peer…, after an untimed first pair. Before any figure: both sides saw tcloaded, with
// the same non-empty TC string, in every round, the tarmac page made no consent request and the
// peer page exactly one.
import { build } from 'esbuild';
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium, median } from './lib/browser.mjs';

const root = new URL('../', import.meta.url).pathname;
const rounds = Number(process.env.BENCH_TCLOADED_ROUNDS || 21);
const CONSENT_URL = '/i/api/iabtcf/v1/consent';

const LISTENER = `<script>window.listenerAt=performance.now();__tcfapi('addEventListener',2,function(t,ok){if(ok&&t&&t.eventStatus==='tcloaded'&&!window.firstTcloaded)window.firstTcloaded={ms:performance.now(),tcString:t.tcString,listenerAt:window.listenerAt,responseStart:performance.getEntriesByType('navigation')[0].responseStart}})</script>`;

// The peer CMP as a site would inline it: cmpapi bundled and minified into one classic script.
async function peerCmpScript() {
  const out = await build({
    stdin: {
      contents: `import { CmpApi } from '@iabtechlabtcf/cmpapi';
const cmpApi = new CmpApi(300, 1, false);
const token = document.querySelector('meta[name="form-token"]').getAttribute('content');
fetch(${JSON.stringify(CONSENT_URL)}, { headers: { 'Content-Type': 'application/json', 'X-CSRF': token }, credentials: 'same-origin' })
  .then((r) => r.json())
  .then((data) => cmpApi.update(data.gdprApplies ? data.tcString : null, data.showUi === true));`,
      resolveDir: root,
      loader: 'js',
    },
    bundle: true, write: false, format: 'iife', platform: 'browser', minify: true, target: 'es2020', logLevel: 'silent',
  });
  return out.outputFiles[0].text;
}

const HEAD_SCRIPT = /<script>[\s\S]*?<\/script>/; // the only inline script without attributes
const APP_SCRIPTS = /<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>/g;

// The built server in this process (what main.js does, minus the signal handling), with its own
// data directory and the given site directory.
async function withSiteServer(siteDir, use) {
  const server = (file) => import(join(root, 'packages/server/dist', file));
  const [{ buildApp }, { readServerConfig }, { resolveSharedState }, { openBackends }] = await Promise.all(
    ['app.js', 'config/serverConfig.js', 'config/sharedSecrets.js', 'openBackends.js'].map(server),
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'tarmac-bench-'));
  const config = readServerConfig({ DATA_DIR: dataDir, CONSOLE_TOKEN: 'bench', HOST: '127.0.0.1', PORT: '0', RATE_LIMIT_INGEST: '0' });
  const quiet = { info() {}, warn() {}, error() {} };
  const backends = await openBackends(config, quiet);
  try {
    const { consoleToken, ...shared } = await resolveSharedState(config, backends.store);
    const app = await buildApp({ storage: backends.store, ingest: backends.ingest, consoleToken, ...shared, version: 'bench', siteDir });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      return await use(`http://127.0.0.1:${app.server.address().port}`);
    } finally {
      await app.close();
    }
  } finally {
    await backends.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Page start → first tcloaded, median ms per side, over `rounds` interleaved pairs. */
export async function benchFirstTcloaded() {
  const demoDir = join(root, 'apps/demo/dist');
  const built = readFileSync(join(demoDir, 'index.html'), 'utf8');
  if (!built.includes('startHeadConsent') && !HEAD_SCRIPT.test(built)) throw new Error('apps/demo/dist/index.html has no head script: npm run build');
  const iabStub = readFileSync(join(root, 'node_modules/@iabtechlabtcf/stub/lib/stub.js'), 'utf8');
  const peerCmp = await peerCmpScript();
  const variants = {
    tarmac: built.replace(HEAD_SCRIPT, (s) => s + LISTENER),
    peer: built.replace(HEAD_SCRIPT, () => `<script>${iabStub}</script><script>${peerCmp}</script>${LISTENER}`).replace(APP_SCRIPTS, ''),
  };
  const siteDir = mkdtempSync(join(tmpdir(), 'tarmac-bench-site-'));
  for (const name of readdirSync(demoDir)) if (!name.startsWith('index.html')) symlinkSync(join(demoDir, name), join(siteDir, name));

  try {
    return await withSiteServer(siteDir, async (url) => {
      const browser = await launchChromium();
      try {
        const context = await browser.newContext();
        const setup = await context.newPage();
        writeFileSync(join(siteDir, 'index.html'), variants.tarmac);
        await setup.goto(`${url}/`);
        const saved = await setup.evaluate(async (consentUrl) => {
          const token = document.querySelector('meta[name="form-token"]').getAttribute('content');
          const reply = await fetch(consentUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf': token }, body: JSON.stringify({ choice: 'accept_all' }) });
          return reply.ok;
        }, CONSENT_URL);
        if (!saved) throw new Error('could not store the visitor’s choice');
        await setup.close();

        const open = async (side) => {
          writeFileSync(join(siteDir, 'index.html'), variants[side]);
          const page = await context.newPage();
          let consentGets = 0;
          page.on('request', (r) => void (r.method() === 'GET' && new URL(r.url()).pathname === CONSENT_URL && consentGets++));
          await page.goto(`${url}/`);
          const hasData = await page.locator('#tarmac-consent').count();
          const seen = await page.waitForFunction(() => window.firstTcloaded, undefined, { timeout: 10_000 }).then((h) => h.jsonValue());
          await page.close();
          if (side === 'tarmac' && hasData !== 1) throw new Error('the demo page carries no consent data block: run the current server build');
          return { ...seen, consentGets };
        };

        await open('tarmac');
        await open('peer');
        const runs = { tarmac: [], peer: [] };
        for (let r = 0; r < rounds; r++) {
          const tarmac = await open('tarmac');
          const peer = await open('peer');
          if (!tarmac.tcString || tarmac.tcString !== peer.tcString) throw new Error(`round ${r}: TC strings differ: tarmac ${tarmac.tcString} · peer ${peer.tcString}`);
          if (tarmac.consentGets !== 0) throw new Error(`round ${r}: the tarmac page requested its consent data (${tarmac.consentGets}×)`);
          if (peer.consentGets !== 1) throw new Error(`round ${r}: the peer page made ${peer.consentGets} consent requests, not 1`);
          runs.tarmac.push(tarmac);
          runs.peer.push(peer);
        }
        const of = (side, field) => median(runs[side].map((run) => run[field]));
        return { rounds, tarmac: of('tarmac', 'ms'), peer: of('peer', 'ms'), responseStart: { tarmac: of('tarmac', 'responseStart'), peer: of('peer', 'responseStart') }, listenerAt: { tarmac: of('tarmac', 'listenerAt'), peer: of('peer', 'listenerAt') } };
      } finally {
        await browser.close();
      }
    });
  } finally {
    rmSync(siteDir, { recursive: true, force: true });
  }
}

// `node bench/firstTcloaded.mjs`: this benchmark alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchFirstTcloaded();
  console.log(`page start → first tcloaded, returning visitor, ms (median of ${r.rounds} interleaved rounds):`);
  console.log(`  tarmac ${r.tarmac.toFixed(1)} · peer ${r.peer.toFixed(1)} · ratio ${(r.tarmac / r.peer).toFixed(2)}`);
  console.log(`  (first byte of the page: tarmac ${r.responseStart.tarmac.toFixed(1)} · peer ${r.responseStart.peer.toFixed(1)} ms; listener script ran at tarmac ${r.listenerAt.tarmac.toFixed(1)} · peer ${r.listenerAt.peer.toFixed(1)} ms)`);
}
