/**
 * What each automation reason code means, in an operator's words. The codes are the
 * collector's hint names plus the ones the server adds when judging (packages/server/src/signals/
 * verdict.ts); a code missing here still reads through {@link reasonLabel}'s fallback.
 */
export const REASON_LABELS: Record<string, string> = {
  webdriver: 'navigator.webdriver set',
  headless: 'Headless in user agent',
  headlessUserAgentHeader: 'Headless in User-Agent header',
  selenium: 'Selenium traces',
  phantom: 'PhantomJS globals',
  nightmare: 'Nightmare globals',
  chromeDriver: 'ChromeDriver keys (cdc_)',
  cefSharp: 'CefSharp embedded browser',
  noPlugins: 'No plugins (desktop Chrome)',
  noLanguages: 'No languages',
  zeroOuterSize: 'Window outer size 0',
  zeroScreen: 'Screen size 0',
  softwareRenderer: 'Software WebGL renderer',
  noFonts: 'No fonts detected',
};

/** The human label of a reason code; an unknown (newer) code becomes words from its camelCase. */
export function reasonLabel(code: string): string {
  const known = REASON_LABELS[code];
  if (known) return known;
  const words = code.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
