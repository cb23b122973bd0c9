/**
 * The browser family of a report, decided once on the server from its `User-Agent`: the engine
 * that measured it, since which web vitals exist and how they come out depends on the engine,
 * not on the brand. A rollup dimension (perfRollup.ts), so the console can show each engine's
 * figures apart.
 */
export const BROWSER_FAMILIES = ['chromium', 'firefox', 'webkit', 'other'] as const;
export type BrowserFamily = (typeof BROWSER_FAMILIES)[number];

// Every browser on iOS and iPadOS must use WebKit, whatever it calls itself (CriOS, FxiOS, EdgiOS).
const APPLE_MOBILE = /\b(?:iPhone|iPad|iPod)\b/;
const FIREFOX = /\bFirefox\//;
// EdgeHTML (Edge 12–18) names Chrome in its UA but is its own engine.
const LEGACY_EDGE = /\bEdge\/\d/;
// Chrome, Edge, Opera, Samsung Internet, Android WebView and the rest of the Blink browsers.
const CHROMIUM = /\b(?:Chrome|Chromium|CriOS|HeadlessChrome|Edg|EdgA|OPR|SamsungBrowser)\//;
// Safari and WebKitGTK (Epiphany, MiniBrowser) once every Blink browser is ruled out above.
const WEBKIT = /\bAppleWebKit\//;

/** The family of `userAgent`; `other` when there is none or it names no engine this knows. */
export function browserFamily(userAgent: string | null): BrowserFamily {
  if (!userAgent) return 'other';
  if (APPLE_MOBILE.test(userAgent)) return WEBKIT.test(userAgent) ? 'webkit' : 'other';
  if (FIREFOX.test(userAgent)) return 'firefox';
  if (LEGACY_EDGE.test(userAgent)) return 'other';
  if (CHROMIUM.test(userAgent)) return 'chromium';
  if (WEBKIT.test(userAgent)) return 'webkit';
  return 'other';
}

export const isBrowserFamily = (value: unknown): value is BrowserFamily =>
  typeof value === 'string' && (BROWSER_FAMILIES as readonly string[]).includes(value);
