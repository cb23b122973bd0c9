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
 * resolves; only font probing takes time, and it yields while it works.
 */
export async function collectSignals(options: CollectOptions = {}): Promise<Signals> {
  return {
    screen: readScreen(),
    fonts: await detectFonts(options.fonts).catch((): string[] => []),
    touch: readTouch(),
    timeZone: readTimeZone(),
    languages: readLanguages(),
    automation: detectAutomation(),
  };
}
