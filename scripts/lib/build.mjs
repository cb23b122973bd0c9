// Builds the workspace in dependency order. `onlyStale` skips an app whose dist is newer than
// every source it is made from, so `npm start` on an already-built tree starts at once.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { compressAssets } from './compressAssets.mjs';
import { root, must } from './run.mjs';

const apps = ['demo', 'console'];
const sharedSources = ['packages/platform/src', 'packages/react/src'];

function newestMtime(path) {
  const full = join(root, path);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(full)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function appIsStale(app) {
  const marker = join(root, 'apps', app, 'dist', 'index.html');
  if (!existsSync(marker)) return true;
  const sources = [`apps/${app}/src`, `apps/${app}/index.html`, `apps/${app}/vite.config.ts`, ...sharedSources];
  return Math.max(...sources.map(newestMtime)) > statSync(marker).mtimeMs;
}

/** Compiles the packages (incremental tsc -b), bundles the apps with Vite and compresses their assets. */
export async function build({ onlyStale = false } = {}) {
  await must('Compiling packages (tsc -b)', 'npx', ['tsc', '-b', 'packages/platform', 'packages/react', 'packages/server']);
  if (existsSync(join(root, 'scripts', 'lib', 'buildExtras.mjs'))) {
    const { buildExtras } = await import('./buildExtras.mjs');
    await buildExtras();
  }
  for (const app of apps) {
    if (onlyStale && !appIsStale(app)) {
      console.log(`✓ apps/${app} is up to date`);
      continue;
    }
    await must(`Bundling apps/${app} (vite build)`, 'npx', ['vite', 'build', '--logLevel', 'warn'], {
      cwd: join(root, 'apps', app),
    });
  }
  // Also for apps that were up to date: copies missing after an interrupted build are made now.
  for (const app of apps) {
    const kb = (bytes) => `${(bytes / 1000).toFixed(0)} KB`;
    const t = await compressAssets(join(root, 'apps', app, 'dist'));
    console.log(`✓ apps/${app} assets compressed: ${t.files} files, ${kb(t.raw)} → br ${kb(t.br)}, gzip ${kb(t.gz)}`);
  }
}
