/** Longest string value the server accepts (spec: log values are limited to 1000 characters). */
export const MAX_VALUE_LENGTH = 1000;

// Scrubbing runs on a bounded prefix so a megabyte-long message cannot stall the page; the
// margin is wide enough that an address cut in half there can never reach the kept 1000.
const SCRUB_WINDOW = 10 * MAX_VALUE_LENGTH;

// Local part, "@" (or its URL-encoded form %40, common in logged URLs), and a dotted domain
// ending in letters, so versioned paths such as "pkg@1.2.3/index.js" are not mistaken for one.
// Not when what follows the "@" runs into a ":line": "render@app.min.js:7:8" is a stack frame
// (function "@" a file without scheme). Checked once at the "@", so hostile text costs no more
// than before; at the domain's end it would be re-scanned for every shorter domain tried.
const EMAIL = /[\w.%+-]+(?:@|%40)(?![\w.-]*:\d)[a-z\d-]+(?:\.[a-z\d-]+)*\.[a-z]{2,}/gi;

/**
 * The e-mail rule above, for the server's second pass over what it stores: one rule, one table
 * of cases both run (./testing/emailScrubCases.ts). An alias because exporting EMAIL itself makes
 * esbuild name the logger bundle's variables differently, 3 bytes more gzip, which the logger's
 * budget has not got; the alias leaves them as they were.
 */
export const EMAIL_ADDRESS = EMAIL;

/**
 * A string as it may be sent: every e-mail address replaced by `{email}` (personal data must
 * never leave the page), scrubbed first so no half address survives, then cut to `max`.
 */
export function cleanString(text: string, max = MAX_VALUE_LENGTH): string {
  return text.slice(0, SCRUB_WINDOW).replace(EMAIL, '{email}').slice(0, max);
}
