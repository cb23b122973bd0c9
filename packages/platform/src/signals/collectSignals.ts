import { detectAutomation } from './automation.js';
import { detectFonts } from './fonts.js';
import type { FontProbeOptions } from './fonts.js';
import { readLanguages } from './languages.js';
import { readScreen } from './screen.js';
import { readTimeZone } from './timeZone.js';
import { readTouch } from './touch.js';
import type { Signals } from './types.js';

/** Options of {@link collectSignals}; the font probe's limits are the only tunables. */
export interface CollectOptions {
  fonts?: FontProbeOptions;
}

/**
 * Gathers the browser signals of the report: screen, fonts, touch, time zone, languages and
 * automation hints. The readers only look at properties that exist in every browser (with
 * fallbacks where they may not) and font probing settles with what it found, so the promise
 * resolves; the work is split into tasks so none holds the main thread for long.
 */
export async function collectSignals(options: CollectOptions = {}): Promise<Signals> {
  // Each reader runs in a task of its own: the first Intl call (time-zone data) and the WebGL
  // probe each take several ms on a cold page, and together they would exceed a frame.
  const next = <T>(read: () => T): Promise<T> => new Promise((resolve) => setTimeout(() => resolve(read())));
  return {
    screen: readScreen(),
    fonts: await detectFonts(options.fonts).catch((): string[] => []),
    touch: readTouch(),
    timeZone: await next(readTimeZone),
    languages: readLanguages(),
    automation: await next(() => detectAutomation()),
  };
}
