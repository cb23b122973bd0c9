// Globals left behind by automation tools, one pattern per hint name so the server's reasons stay
// readable. Patterns over the window's own property names are far smaller than name lists.
const GLOBALS: [string, RegExp][] = [
  ['selenium', /^(_selenium|callSelenium|_Selenium_IDE_Recorder|__(webdriver|selenium|driver|fxdriver)_(evaluate|unwrapped|script_fu?nc?))$/],
  ['phantom', /^(callPhantom|_?phantom)$/],
  ['nightmare', /^__nightmare$/],
  ['cefSharp', /^CefSharp$/],
  // ChromeDriver's `cdc_…` arrays (renamed builds use another letter before `dc_`).
  ['chromeDriver', /^[a-z]dc_/],
];

/**
 * Hint names for automation globals, Selenium's attributes on `<html>`, and ChromeDriver's
 * `$cdc_…` cache key on the document, as found in `win`.
 */
export function automationGlobalHints(win: Window): string[] {
  const names = Object.getOwnPropertyNames(win);
  const hints = GLOBALS.filter(([, pattern]) => names.some((name) => pattern.test(name))).map(([hint]) => hint);
  const doc = win.document;
  const root = doc?.documentElement;
  if (!hints.includes('selenium') && root && /selenium|webdriver|driver/.test(root.getAttributeNames().join())) hints.push('selenium');
  if (!hints.includes('chromeDriver') && doc && Object.keys(doc).some((key) => /^\$[a-z]dc_/.test(key))) hints.push('chromeDriver');
  return hints;
}
