// Finds a Chromium for the browser tests: CHROMIUM_PATH, else /usr/bin/chromium, else (on Debian,
// as root) installs Debian's package. Playwright's own browser download is not used: it needs a
// host that CI machines cannot reach.
import { existsSync } from 'node:fs';
import { run, step } from './run.mjs';

const systemPath = '/usr/bin/chromium';

/** Resolves the Chromium executable path or exits with a message saying how to get one. */
export async function ensureChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    fail(`CHROMIUM_PATH is set to ${fromEnv}, but no file is there.`);
  }
  if (existsSync(systemPath)) return systemPath;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (existsSync('/etc/debian_version') && isRoot) {
    step('Installing Chromium for the browser tests (apt-get install -y chromium)');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    if ((await run('apt-get', ['update', '-qq'], { env })) === 0 &&
        (await run('apt-get', ['install', '-y', '-qq', 'chromium'], { env })) === 0 &&
        existsSync(systemPath)) {
      return systemPath;
    }
  }
  fail('No Chromium found for the browser tests.');
}

function fail(reason) {
  console.error(`\n✗ ${reason}
  The browser tests drive a real Chromium. Either
    - install it: on Debian/Ubuntu \`sudo apt-get install -y chromium\` (then it is at ${systemPath}), or
    - point CHROMIUM_PATH at any Chromium or Chrome executable, e.g.
      CHROMIUM_PATH=/path/to/chrome npm test`);
  process.exit(1);
}
