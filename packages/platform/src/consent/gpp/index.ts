/**
 * The IAB Global Privacy Platform CMP API v1.1 (`window.__gpp`) with the US National section
 * (`usnat` v2, with the GPC subsection), its `<head>` stub, and the pure encoders the server and
 * tests use. Contract: docs/consent.md ("GPP").
 */
export { installGppApi } from './installGppApi.js';
export type { GppApiOptions, GppHandler, GppRegime } from './installGppApi.js';
export { installGppStub } from './stub/installGppStub.js';
export { encodeGppString } from './gppString.js';
export type { GppSection } from './gppString.js';
export { encodeUsnat } from './usnat.js';
export type { MspaMode, UsnatCore, UsnatData, UsnatGpc, UsnatSection } from './usnat.js';
export type { GppApi, GppCallback, GppEvent, GppPing, GppWindow, SignalStatus } from './types.js';
