/**
 * Which browser engine this run of the browser suite drives, and one browser per test file.
 *
 * API (what a test file uses):
 * - `engine`: 'chromium' | 'firefox' | 'webkit', from the E2E_ENGINE environment variable
 *   (default 'chromium'). `npm test` runs the whole suite once per engine; run one engine by hand
 *   with `E2E_ENGINE=webkit npx vitest run --config test/e2e/vitest.config.ts test/e2e/x.e2e.test.ts`.
 * - `browserForThisFile()`: a Playwright-typed `Browser` for every test of the file (launched in
 *   beforeAll, closed in afterAll). Chromium and Firefox are real Playwright browsers (Firefox ESR
 *   over WebDriver BiDi); WebKitGTK is a W3C WebDriver page driver (support/webkit/) that
 *   implements the part of the Playwright API these tests use — see support/webkit/README.md.
 *   `chromiumForThisFile()` (support/browser.ts) is the same function under its old name, so a file
 *   written for Chromium runs in all three engines unchanged.
 * - `itExceptIn(engines, missing)`: an `it` skipped in the named engines, whose name says what the
 *   engine lacks: `itExceptIn(['webkit'], 'WebKitGTK has no LCP')('reports LCP', async () => …)`
 *   is reported as "reports LCP (not in webkit: WebKitGTK has no LCP)". A test never skips silently.
 * - `describeExceptIn(engines, missing)`: the same for a whole describe block.
 */
import { chromium, firefox, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { launchWebKit } from './webkit/browser.js';

/** The three engines the browser suite runs in. */
export type Engine = 'chromium' | 'firefox' | 'webkit';

function engineFromEnv(): Engine {
  const value = process.env.E2E_ENGINE || 'chromium';
  if (value === 'chromium' || value === 'firefox' || value === 'webkit') return value;
  throw new Error(`E2E_ENGINE must be chromium, firefox or webkit, not ${value}`);
}

/** The engine of this run (E2E_ENGINE, default chromium). */
export const engine: Engine = engineFromEnv();

const firefoxShim = new URL('./firefoxBidiShim.mjs', import.meta.url).pathname;

/** Launches this run's engine: the system Chromium, Firefox ESR over BiDi, or WebKitGTK. */
export function launchBrowser(): Promise<Browser> {
  if (engine === 'firefox') {
    // The shim starts FIREFOX_PATH (default /usr/bin/firefox-esr); see firefoxBidiShim.mjs.
    return firefox.launch({ channel: 'moz-firefox', executablePath: firefoxShim, headless: true });
  }
  if (engine === 'webkit') return launchWebKit();
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/**
 * One browser of this run's engine for every test of the calling file: launched before the first,
 * closed after the last. The returned Browser forwards to it, so a file keeps writing
 * `browser.newPage()` at module level.
 */
export function browserForThisFile(): Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return new Proxy({} as Browser, {
    get(_target, key) {
      if (!browser) throw new Error('the browser exists only while the tests of this file run');
      const value: unknown = Reflect.get(browser, key, browser);
      return typeof value === 'function' ? value.bind(browser) : value;
    },
  });
}

function suffix(engines: Engine[], missing: string): string {
  return ` (not in ${engines.join(', ')}: ${missing})`;
}

/** `it`, skipped in `engines`; its name carries the reason (`missing`: the feature they lack). */
export function itExceptIn(engines: Engine[], missing: string) {
  const skip = engines.includes(engine);
  return (name: string, fn: () => Promise<void> | void, timeout?: number) =>
    it.skipIf(skip)(name + suffix(engines, missing), fn, timeout);
}

/** `describe`, skipped in `engines`; its name carries the reason. */
export function describeExceptIn(engines: Engine[], missing: string) {
  const skip = engines.includes(engine);
  return (name: string, fn: () => void) => describe.skipIf(skip)(name + suffix(engines, missing), fn);
}
