/**
 * The consent handler: an IAB TCF v2.2 CMP API (`window.__tcfapi`) fed by the consent service,
 * and the `consentFor` seam other modules wait on. Wire contract: docs/consent.md.
 */
export { installConsentApi } from './installConsentApi.js';
export type { ConsentApiOptions, ConsentHandler, ConsentLogger, ConsentSnapshot } from './installConsentApi.js';
export { installConsentStub } from './stub/installConsentStub.js';
export { consentFor, decisionOf } from './consentFor.js';
export type { ConsentSource } from './consentFor.js';
export { decodeTcString } from './decodeTcString.js';
export type { DecodedTcString } from './decodeTcString.js';
export { isValidFormToken } from './formToken.js';
export type { FormTokenSource } from './formToken.js';
export type { ConsentChoices } from './choices.js';
export type { ConsentListEntry, ConsentVendor, ConsentVendorList } from './vendorList.js';
export type { InAppTCData } from './inAppTcData.js';
export type {
  CmpStatus,
  ConsentData,
  DisplayStatus,
  EventStatus,
  Flags,
  PingReturn,
  Restrictions,
  TCData,
  TcfApi,
  TcfCallback,
  TcfWindow,
} from './types.js';
