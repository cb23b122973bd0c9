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
 * - `userAgentMark`, `seesRequestsDuringUnload`: what differs between engines and is not the
 *   platform's doing, for assertions that must hold in each.
 */
import { chromium, firefox, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { typeInsteadOfFill } from './firefoxFill.js';
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

/** A word in every user-agent string of this run's engine (MiniBrowser's says Safari). */
export const userAgentMark = { chromium: 'Chrome', firefox: 'Firefox', webkit: 'Safari' }[engine];

/**
 * Whether `page.on('request')` sees a request made while the page unloads (a pagehide beacon).
 * Chromium's DevTools protocol does not report them; Firefox's BiDi and WebKit's proxy do.
 */
export const seesRequestsDuringUnload = engine !== 'chromium';

/** Why a test that reads request bodies (`request.postData()`) cannot run in Firefox. */
export const NO_REQUEST_BODIES = "Playwright's WebDriver BiDi backend reports no request bodies";

const firefoxShim = new URL('./firefoxBidiShim.mjs', import.meta.url).pathname;

/** Launches this run's engine: the system Chromium, Firefox ESR over BiDi, or WebKitGTK. */
export async function launchBrowser(): Promise<Browser> {
  if (engine === 'firefox') {
    // The shim starts FIREFOX_PATH (default /usr/bin/firefox-esr); see firefoxBidiShim.mjs.
    const browser = await firefox.launch({ channel: 'moz-firefox', executablePath: firefoxShim, headless: true });
    const probe = await browser.newPage();
    typeInsteadOfFill(probe);
    await probe.close();
    return browser;
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
 * How long a Playwright wait (`waitFor`, `click`, `waitForResponse`…) lasts when the test gives
 * no timeout: Playwright's 30 s ran out once in a whole Firefox run while three engines' runs
 * started together at load 11–15, on an event that came seconds later. Every wait is for an
 * event, so a longer safety net makes a loaded machine slower, never a passing test red; it stays
 * under the 120 s test limit so a wait that fails still names what it waited for.
 * (The WebKit driver has its own defaults: support/webkit/page.ts.)
 */
export const DEFAULT_WAIT_MS = 60_000;

/**
 * One browser of this run's engine for every test of the calling file: launched before the first,
 * closed after the last. The returned Browser forwards to it, so a file keeps writing
 * `browser.newPage()` at module level; its pages and contexts wait DEFAULT_WAIT_MS by default.
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
      if (typeof value !== 'function') return value;
      const call = value.bind(browser) as (...args: unknown[]) => unknown;
      if (key !== 'newPage' && key !== 'newContext') return call;
      return async (...args: unknown[]) => {
        const made = (await call(...args)) as { setDefaultTimeout?: (ms: number) => void };
        made.setDefaultTimeout?.(DEFAULT_WAIT_MS);
        return made;
      };
    },
  });
}

function suffix(engines: Engine[], missing: string): string {
  return ` (not in ${engines.join(', ')}: ${missing})`;
}

/** What follows a test's name: its function (and timeout), or its options and then its function. */
type TestRest = [fn: () => Promise<void> | void, timeout?: number] | [options: { timeout?: number }, fn: () => Promise<void> | void];

/** `it`, skipped in `engines`; its name carries the reason (`missing`: the feature they lack). */
export function itExceptIn(engines: Engine[], missing: string) {
  const skip = engines.includes(engine);
  const test = it.skipIf(skip) as unknown as (name: string, ...rest: TestRest) => void;
  return (name: string, ...rest: TestRest) => test(name + suffix(engines, missing), ...rest);
}

/** `describe`, skipped in `engines`; its name carries the reason. */
export function describeExceptIn(engines: Engine[], missing: string) {
  const skip = engines.includes(engine);
  return (name: string, fn: () => void) => describe.skipIf(skip)(name + suffix(engines, missing), fn);
}
