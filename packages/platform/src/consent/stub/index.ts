/**
 * The CMP stub: `installConsentStub()` defines a queueing `window.__tcfapi` and the
 * `__tcfapiLocator` frame. The build also emits it as `dist/tcf-stub.js`, an IIFE to inline in
 * the page's <head>.
 */
export { installConsentStub } from './installConsentStub.js';
