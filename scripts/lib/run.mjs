// Small process helpers shared by the start/test/build scripts. They use only Node's standard
// library because they run before `npm ci` has installed anything.
import { spawn } from 'node:child_process';

export const root = new URL('../../', import.meta.url).pathname.replace(/\/$/, '');

/** Runs a command with inherited stdio; resolves with its exit code (never rejects). */
export function run(cmd, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('error', (err) => {
      console.error(`✗ could not run ${cmd}: ${err.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Runs a command and exits the whole script with its code when it fails. */
export async function must(title, cmd, args, options) {
  step(title);
  const started = Date.now();
  const code = await run(cmd, args, options);
  if (code !== 0) {
    console.error(`\n✗ ${title} failed (exit ${code})`);
    process.exit(code);
  }
  console.log(`✓ ${title} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

/** Prints a visible step header so a long CI log reads as a list of steps. */
export function step(title) {
  console.log(`\n━━ ${title} ━━`);
}
