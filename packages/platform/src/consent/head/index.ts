/**
 * The consent head script: `startHeadConsent()` answers `__tcfapi` (and `__gpp`) from the consent
 * data the server rendered into the page, before the app bundle runs; `headConsent()` hands what
 * it started to the app. The build emits it as `dist/consent-head.js`, an IIFE to inline as the
 * first script of <head>. See docs/consent.md.
 */
export { startHeadConsent, headConsent } from './startHeadConsent.js';
export type { HeadConsent, HeadConsentOptions } from './startHeadConsent.js';
export { readConsentBootstrap, CONSENT_BOOTSTRAP_ID } from './consentBootstrap.js';
export type { ConsentBootstrap, ConsentRegime } from './consentBootstrap.js';
export type { InstallGppApi } from './usnatData.js';
export type { GppHandler, UsnatData } from '../gpp/index.js';
