// Finds Firefox ESR and WebKitGTK (with its WebDriver and a virtual display) for the browser
// tests, as ensureChromium.mjs finds Chromium: an environment variable, else the Debian path, else
// (on Debian, as root) Debian's packages. Playwright's own browser downloads are not used: they
// need a host CI machines cannot reach, and Playwright's WebKit is not the WebKitGTK users run.
import { existsSync } from 'node:fs';
import { run, step } from './run.mjs';

const firefoxPath = '/usr/bin/firefox-esr';
const webkitDriverPath = '/usr/bin/WebKitWebDriver';
const miniBrowserPath = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const xvfbPath = '/usr/bin/Xvfb';

/** Resolves the Firefox executable (FIREFOX_PATH or Debian's firefox-esr), installing it if it can. */
export async function ensureFirefox() {
  const fromEnv = process.env.FIREFOX_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : fail(`FIREFOX_PATH is set to ${fromEnv}, but no file is there.`);
  if (existsSync(firefoxPath) || (await aptInstall(['firefox-esr']))) return firefoxPath;
  return fail('No Firefox found for the browser tests.', 'firefox-esr', 'FIREFOX_PATH=/path/to/firefox');
}

/**
 * Resolves WebKitWebDriver, MiniBrowser and Xvfb (WEBKIT_DRIVER_PATH, WEBKIT_MINIBROWSER_PATH,
 * XVFB_PATH or Debian's webkit2gtk-driver and xvfb), installing them if it can.
 */
export async function ensureWebKit() {
  const paths = {
    driver: process.env.WEBKIT_DRIVER_PATH || webkitDriverPath,
    miniBrowser: process.env.WEBKIT_MINIBROWSER_PATH || miniBrowserPath,
    xvfb: process.env.XVFB_PATH || xvfbPath,
  };
  const missing = () => Object.values(paths).filter((p) => !existsSync(p));
  if (missing().length === 0 || ((await aptInstall(['webkit2gtk-driver', 'xvfb'])) && missing().length === 0)) return paths;
  return fail(`No WebKitGTK found for the browser tests (missing ${missing().join(', ')}).`, 'webkit2gtk-driver xvfb',
    'WEBKIT_DRIVER_PATH=… WEBKIT_MINIBROWSER_PATH=… XVFB_PATH=…');
}

async function aptInstall(packages) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!existsSync('/etc/debian_version') || !isRoot) return false;
  step(`Installing ${packages.join(', ')} for the browser tests (apt-get install -y ${packages.join(' ')})`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  return (await run('apt-get', ['update', '-qq'], { env })) === 0 && (await run('apt-get', ['install', '-y', '-qq', ...packages], { env })) === 0;
}

function fail(reason, packages, variables) {
  console.error(`\n✗ ${reason}
  The browser tests run in Chromium, Firefox ESR and WebKitGTK. Either
    - install it: on Debian/Ubuntu \`sudo apt-get install -y ${packages}\`, or
    - point the tests at your own build: ${variables} npm test`);
  process.exit(1);
}
