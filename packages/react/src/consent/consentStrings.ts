import { englishTexts } from './consentTextsEn.js';
import { spanishTexts } from './consentTextsEs.js';

/** Languages the banner speaks. */
export type ConsentLocale = 'en' | 'es';

/**
 * Every text of the banner's two layers. `{name}` marks a value filled in by {@link fill}.
 * Names of TCF entries are our own short wording of the ids; the list's name is the fallback.
 */
export interface ConsentTexts {
  title: string;
  /** First layer, as TCF v2.2 requires it: storage and data, vendor count, purposes, LI, withdrawal. */
  intro: string;
  specialFeaturesHeading: string;
  legIntNotice: string;
  withdrawNotice: string;
  viewPartners: string;
  acceptAll: string;
  rejectAll: string;
  settings: string;
  settingsTitle: string;
  purposesLegend: string;
  specialFeaturesLegend: string;
  specialPurposesLegend: string;
  specialPurposesHint: string;
  vendorsLegend: string;
  consent: string;
  legitimateInterest: string;
  optIn: string;
  objectHint: string;
  vendorsLoading: string;
  vendorsFailed: string;
  /** Vendor details. */
  details: string;
  consentPurposes: string;
  liPurposes: string;
  specialPurposesLabel: string;
  featuresLabel: string;
  specialFeaturesLabel: string;
  dataLabel: string;
  retentionLabel: string;
  retentionDays: string;
  storageLabel: string;
  cookieDays: string;
  sessionCookies: string;
  noCookies: string;
  otherStorage: string;
  privacyPolicy: string;
  legIntClaim: string;
  save: string;
  back: string;
  saving: string;
  saveFailed: string;
  privacySettings: string;
  purposes: Record<number, string>;
  specialPurposes: Record<number, string>;
  features: Record<number, string>;
  specialFeatures: Record<number, string>;
  dataCategories: Record<number, string>;
}

/** English and Spanish texts. */
export const consentTexts: Record<ConsentLocale, ConsentTexts> = { en: englishTexts, es: spanishTexts };

/** `template` with each `{key}` replaced by its value. */
export const fill = (template: string, values: Record<string, string | number>): string =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
