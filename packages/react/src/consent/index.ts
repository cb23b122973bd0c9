/** React bindings of the consent handler: the banner, its reopen link, and hooks over the handler's state and vendor list. */
export { ConsentBanner } from './ConsentBanner.js';
export type { ConsentBannerProps } from './ConsentBanner.js';
export { PrivacySettingsLink } from './PrivacySettingsLink.js';
export type { PrivacySettingsLinkProps } from './PrivacySettingsLink.js';
export { useConsent } from './useConsent.js';
export type { ConsentStore } from './useConsent.js';
export { useVendorList } from './useVendorList.js';
export type { VendorListState } from './useVendorList.js';
export { consentTexts } from './consentStrings.js';
export type { ConsentLocale, ConsentTexts } from './consentStrings.js';
