import { cleanString } from '../logger/scrub.js';

/** How many breadcrumbs a page keeps: the newest 30, as DESIGN.md says. */
export const TRAIL_LENGTH = 30;
/** Longest line one breadcrumb takes on the wire. */
export const CRUMB_MAX = 120;
/**
 * Lines per context value: 8 lines of at most 120 characters and their 7 line breaks stay
 * within the 1000 characters a context value may have, so 30 lines take 4 keys of the 20.
 */
const LINES_PER_KEY = 8;
/** Prefix of the context keys that carry the trail: `crumbs.0` holds the newest lines. */
export const CRUMB_KEY = 'crumbs.';

/** The page's last breadcrumbs, and the context keys an error carries them in. */
export interface Trail {
  /**
   * `kind` is nav, click, console, fetch or xhr; `text` (described in docs/client-logs.md) may be
   * any value: what cannot be turned into text is not recorded rather than thrown into the page.
   */
  add(kind: string, text: unknown): void;
  context(): Record<string, string>;
}

/**
 * A ring of the newest breadcrumbs, each one line `<epoch ms> <kind> <text>` (text scrubbed of
 * e-mail addresses, line breaks flattened, cut). Lines rather than JSON because the logger's
 * wire carries only scalar context values, and lines pack densely into them.
 */
export function createTrail(): Trail {
  const lines: string[] = []; // newest first
  return {
    add(kind, text) {
      try {
        // String(), as the console itself shows a value in one line: an Error reads "TypeError:
        // message", a plain object "[object Object]" (JSON would cost this entry 30 bytes of
        // its 1.2 KB budget, and objects are where personal data hides).
        const line = String(text);
        // Newest first: the logger keeps the first 20 context keys, so if a page's own context
        // leaves too few, what is cut off is the oldest part of the trail.
        if (lines.unshift(cleanString(`${Date.now()} ${kind} ${line.replace(/\s+/g, ' ')}`, CRUMB_MAX)) > TRAIL_LENGTH) lines.pop();
      } catch {
        // a value without a string form (null prototype, throwing toString)
      }
    },
    context() {
      const out: Record<string, string> = {};
      for (let i = 0; i < lines.length; i += LINES_PER_KEY) out[CRUMB_KEY + i / LINES_PER_KEY] = lines.slice(i, i + LINES_PER_KEY).join('\n');
      return out;
    },
  };
}
