import type { CONSENT_BOOTSTRAP_ID as PLATFORM_BOOTSTRAP_ID } from '@tarmac/platform/consent/head';
import type { ConsentBootstrap } from '../consent/bootstrapContract.js';

/** The id the page's CMP scripts find the bootstrap block by: the head script's own, checked at compile time. */
export const CONSENT_BOOTSTRAP_ID: typeof PLATFORM_BOOTSTRAP_ID = 'tarmac-consent';

// Inside <script> only `</script` and `<!--` can end or change the element, and both start with
// `<`; `>` and `&` are escaped as well so no reader ever sees markup in it. U+2028/U+2029 are
// valid in JSON but end a line in older JavaScript parsers, should anyone eval the text.
const UNSAFE = /[<>&\u2028\u2029]/g;
const escapeChar = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * The bootstrap as a JSON data block. `type="application/json"` is never executed, so the page's
 * CSP needs no hash for it (and it could not get one: its text differs per visitor); every
 * character that could close the element is a JSON `\u` escape, so `JSON.parse` of the element's
 * text gives the object back exactly.
 */
export function consentBootstrapBlock(bootstrap: ConsentBootstrap): string {
  const json = JSON.stringify(bootstrap).replace(UNSAFE, escapeChar);
  return `<script type="application/json" id="${CONSENT_BOOTSTRAP_ID}">${json}</script>`;
}
