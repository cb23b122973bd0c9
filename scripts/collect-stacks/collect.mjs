// Collects the stacks real engines print for throwers.js, as the logger's parser fixtures:
//   WEBPACK_DIR=/tmp/wp node scripts/collect-stacks/collect.mjs
// (webpack installed there with `npm install --prefix /tmp/wp webpack@5`; Hermes' frames need
// HERMES_DIR, a folder with `hermes-engine-cli` installed the same way.) It builds the bundles,
// serves them on 127.0.0.1:4599, opens the page in Chromium, Firefox ESR and WebKitGTK, runs the
// plain module in Node, and writes packages/platform/src/logger/testing/stacks/.
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join, normalize } from 'node:path';
import { buildBundles } from './bundles.mjs';
import { engines } from './engines.mjs';
import { hermesStacks, nodeStacks } from './runtimes.mjs';

const PORT = 4599;
const root = new URL('../../', import.meta.url).pathname;
const fixtures = join(root, 'packages/platform/src/logger/testing/stacks');
// A fixed folder, so the paths Node and webpack print are the same at every collection.
const out = join(tmpdir(), 'tarmac-stacks');
rmSync(out, { recursive: true, force: true });
const bundles = await buildBundles(out);

let pending;
const page = `<!doctype html><meta charset="utf-8"><title>stacks</title>${bundles
  .map(({ script, module }) => `<script ${module ? 'type="module" ' : ''}src="/${script}"></script>`)
  .join('')}`;
const server = createServer((request, response) => {
  if (request.method === 'POST') {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      pending?.add(JSON.parse(body));
      response.end('ok');
    });
    return;
  }
  const path = normalize(new URL(request.url, 'http://x').pathname);
  if (path === '/') return response.end(page);
  try {
    response.setHeader('content-type', 'text/javascript');
    response.end(readFileSync(join(out, path)));
  } catch {
    response.statusCode = 404;
    response.end();
  }
});
await new Promise((resolve) => server.listen(PORT, '127.0.0.1', resolve));

/** Waits for one report per bundle from the engine now running. */
function expectReports() {
  const stacks = {};
  let done;
  const all = new Promise((resolve) => (done = resolve));
  pending = {
    add({ bundle, stacks: byCase }) {
      stacks[bundle] = byCase;
      if (Object.keys(stacks).length === bundles.length) done(stacks);
    },
  };
  return all;
}

mkdirSync(join(fixtures, 'maps'), { recursive: true });
const save = (name, stacks) => writeFileSync(join(fixtures, `${name}.json`), `${JSON.stringify(stacks, null, 2)}\n`);
for (const [name, open] of Object.entries(engines)) {
  let timer;
  const late = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`${name} did not report within 60 s`)), 60_000)));
  const reported = Promise.race([expectReports(), late]);
  await open(`http://127.0.0.1:${PORT}/`, reported);
  clearTimeout(timer);
  save(name, await reported);
  console.log(`✓ ${name}`);
}
server.close();
save('node', await nodeStacks(join(out, 'plain/throwers.js')));
console.log('✓ node');
if (process.env.HERMES_DIR) {
  save('hermes', hermesStacks(process.env.HERMES_DIR, out));
  console.log('✓ hermes');
}
for (const { bundle, map } of bundles) if (map) copyFileSync(join(out, map), join(fixtures, 'maps', `${bundle}.js.map`));
console.log(`fixtures written to ${fixtures}`);
