import { FONT_FAMILIES } from './fontList.js';

/** Options of {@link detectFonts}; all have defaults tuned for a page that is still loading. */
export interface FontProbeOptions {
  /** Give up (with what was found) after this long; the page may never become measurable. */
  timeLimitMs?: number;
  /** Longest stretch of work before yielding to the page; a frame is ~16 ms. */
  sliceMs?: number;
  families?: readonly string[];
  doc?: Document;
}

const GENERICS = ['monospace', 'sans-serif', 'serif'];
// Wide and narrow glyphs, so a substitute font almost never matches the generic's metrics.
const SAMPLE = 'mmmmmmmmmmlli10OWw';
const POLL_MS = 10;

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const now = (): number => performance.now();

/**
 * Detects installed families by measuring a sample string in each family with a generic
 * fallback: a size different from the bare generic's means the family is there. Waits, polling
 * every 10 ms, until the document has a body that lays text out (prerendered or not yet parsed
 * pages measure zero), and yields whenever a slice of work reaches `sliceMs`, so it never holds
 * the main thread for a frame. Resolves with the families found before the time limit.
 */
export async function detectFonts(options: FontProbeOptions = {}): Promise<string[]> {
  const { timeLimitMs = 2000, sliceMs = 8, families = FONT_FAMILIES, doc = document } = options;
  const deadline = now() + timeLimitMs;
  const found: string[] = [];
  const box = doc.createElement('div');
  // Hidden but laid out (visibility, not display): invisible to people and assistive technology.
  // Strict containment keeps each probe's layout inside the box instead of the whole page.
  box.style.cssText = 'position:absolute;left:-9999px;visibility:hidden;font-size:72px;contain:strict;width:1px;height:1px';
  // All spans of one probe go in before any is read: one layout per probe, not one per span.
  // The answer is the sizes as one string, e.g. "620x82,540x82,601x84".
  const measure = (family: string): string => {
    const spans = GENERICS.map((generic) => {
      const span = box.appendChild(doc.createElement('span'));
      span.style.fontFamily = family + generic;
      span.textContent = SAMPLE;
      return span;
    });
    const sizes = spans.map((span) => `${span.offsetWidth}x${span.offsetHeight}`).join();
    box.textContent = '';
    return sizes;
  };
  try {
    let base = '';
    for (;;) {
      if (doc.body) {
        doc.body.appendChild(box);
        base = measure('');
        // Any zero width: not laid out yet (no body, display:none ancestor, prerendering).
        if (!/(^|,)0x/.test(base)) break;
      }
      if (now() > deadline) return found;
      await pause(POLL_MS);
    }
    let sliceStart = now();
    for (const family of families) {
      if (measure(`"${family}",`) !== base) found.push(family);
      if (now() - sliceStart >= sliceMs) {
        if (now() > deadline) break;
        await pause(0);
        sliceStart = now();
      }
    }
    return found;
  } finally {
    box.remove();
  }
}
