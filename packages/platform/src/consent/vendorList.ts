/** A purpose, special purpose, feature, special feature or data category, as the vendor list names it. */
export interface ConsentListEntry {
  id: number;
  name: string;
  /** The list's own text (English in the IAB list); banners show their own names first. */
  description?: string;
}

/** A partner's disclosures, as the banner's layers show them (from `GET /i/api/iabtcf/v1/vendors`). */
export interface ConsentVendor {
  id: number;
  name: string;
  /** Purposes on consent and on legitimate interest. */
  purposes: number[];
  legIntPurposes: number[];
  specialPurposes: number[];
  features: number[];
  specialFeatures: number[];
  /** Data category ids (`dataCategories` of the list). */
  dataDeclaration: number[];
  /** Days the data is kept: the standard period, and per (special) purpose where it differs. */
  retention: { std?: number; purposes: Record<number, number>; specialPurposes: Record<number, number> };
  /** Privacy policy and legitimate-interest claim, per language (`langId`, as the list gives them). */
  urls: { langId: string; privacy?: string; legIntClaim?: string }[];
  /** Storage: the longest cookie life in seconds (null: session), and other means of storage. */
  cookieMaxAgeSeconds?: number | null;
  usesCookies?: boolean;
  usesNonCookieAccess?: boolean;
}

/**
 * `GET /i/api/iabtcf/v1/vendors` (docs/consent.md): the site's vendors with everything TCF v2.2
 * requires the banner to disclose about them, and the purposes, special purposes, features,
 * special features and data categories they use, so the page never downloads or parses the
 * full global list itself.
 */
export interface ConsentVendorList {
  gvlVersion: number;
  purposes: ConsentListEntry[];
  specialPurposes: ConsentListEntry[];
  features: ConsentListEntry[];
  specialFeatures: ConsentListEntry[];
  dataCategories: ConsentListEntry[];
  vendors: ConsentVendor[];
}
