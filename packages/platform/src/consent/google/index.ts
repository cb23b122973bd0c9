/**
 * Google Consent Mode v2 from the TCF CMP's decisions: defaults denied before any tag, then
 * updates per signal. See docs/consent.md.
 */
export { startConsentMode } from './startConsentMode.js';
export type { ConsentModeOptions, ConsentModeSignal } from './startConsentMode.js';
