// Installs the workspace's dependencies when node_modules is absent or older than the lockfile,
// so `npm start` and `npm test` work on a fresh clone with nothing but Node and npm.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root, must } from './run.mjs';

const stampFile = join(root, 'node_modules', '.tarmac-lock-hash');

function lockHash() {
  return createHash('sha256').update(readFileSync(join(root, 'package-lock.json'))).digest('hex');
}

/** Runs `npm ci` unless node_modules was installed from exactly this package-lock.json. */
export async function ensureDeps() {
  const wanted = lockHash();
  const have = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : '';
  if (have === wanted) return;
  const why = existsSync(join(root, 'node_modules')) ? 'node_modules is stale' : 'node_modules is missing';
  await must(`Installing dependencies (${why}): npm ci`, 'npm', ['ci', '--no-audit', '--no-fund']);
  writeFileSync(stampFile, wanted + '\n');
}
