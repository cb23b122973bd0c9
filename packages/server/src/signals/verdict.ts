import type { BotVerdict, Signals } from './contract.js';

/** A report scoring this much or more is automation. */
export const AUTOMATION_THRESHOLD = 50;

/**
 * Points per reason. A tool's own fingerprint (webdriver, ChromeDriver keys, a headless user
 * agent) is conclusive alone; circumstantial hints (no fonts, a software renderer: VMs and remote
 * desktops show those too) only tip the scale together. Unknown hint names from a newer
 * collector count as circumstantial.
 */
export const REASON_WEIGHTS: Record<string, number> = {
  webdriver: 60,
  headless: 60,
  headlessUserAgentHeader: 60,
  selenium: 60,
  phantom: 60,
  nightmare: 60,
  chromeDriver: 60,
  cefSharp: 40,
  noPlugins: 25,
  noLanguages: 25,
  zeroOuterSize: 25,
  zeroScreen: 25,
  softwareRenderer: 10,
  noFonts: 10,
};
const UNKNOWN_WEIGHT = 10;

/**
 * Judges a report from the collector's hints plus what only the server sees (the request's user
 * agent) and what the hints imply together (no fonts, no screen). Reasons are ordered by weight,
 * heaviest first, so the console's "top reasons" reads as evidence.
 */
export function judgeSignals(signals: Signals, userAgent: string | null): BotVerdict {
  const reasons = new Set(signals.automation);
  if (userAgent && /headless/i.test(userAgent)) reasons.add('headlessUserAgentHeader');
  if (signals.fonts.length === 0) reasons.add('noFonts');
  if (signals.screen.width === 0 || signals.screen.height === 0) reasons.add('zeroScreen');
  // Own entries only: a hint named `__proto__` or `toString` is unknown, not Object.prototype's.
  const weight = (reason: string) => (Object.hasOwn(REASON_WEIGHTS, reason) ? REASON_WEIGHTS[reason]! : UNKNOWN_WEIGHT);
  const ordered = [...reasons].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b));
  const score = Math.min(100, ordered.reduce((sum, reason) => sum + weight(reason), 0));
  return { score, automation: score >= AUTOMATION_THRESHOLD, reasons: ordered };
}
