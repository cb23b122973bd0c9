// The consent wire contract on the server side (docs/consent.md is the reference). What the
// browser sends and reads is the platform consent module's; the server narrows it where its schemas do.
import type { ConsentChoices, ConsentData as WireConsentData } from '@tarmac/platform/consent';

export type { ConsentVendorList } from '@tarmac/platform/consent';

/** The banner's three answers; 'custom' comes from the settings panel. */
export type ConsentChoiceKind = ConsentChoices['choice'];
/** Every kind, in the order the console shows them. */
export const CHOICE_KINDS: readonly ConsentChoiceKind[] = ['accept_all', 'reject_all', 'custom'];

/** `POST /i/api/iabtcf/v1/consent` body, once its schema has limited `language` to the two locales. */
export type ConsentChoicesBody = Omit<ConsentChoices, 'language'> & { language?: 'en' | 'es' };

/** What both consent endpoints answer; the server always says whether the page must ask (`showUi`). */
export interface ConsentData extends WireConsentData {
  showUi: boolean;
}

/**
 * Why a visitor with a stored choice is asked again: the choice is older than the maximum age, a
 * new vendor list version brought vendors the site uses that they were not shown, the site added
 * vendors, or the TCF policy version changed.
 */
export type ReconsentReason = 'expired' | 'gvl_vendors' | 'site_vendors' | 'policy';
/** Every reason, in the order the console shows them. */
export const RECONSENT_REASONS: readonly ReconsentReason[] = ['expired', 'gvl_vendors', 'site_vendors', 'policy'];

/** One UTC day of the console's consent chart: each visitor counted once, by their last choice that day. */
export interface ConsentDay {
  day: string;
  visitors: number;
  choices: Record<ConsentChoiceKind, number>;
  /** Purpose id → visitors who consented to it. */
  purposes: Record<number, number>;
  /** Purpose id → visitors who objected to its legitimate interest. */
  purposeObjections: Record<number, number>;
  /** Vendor id → visitors who consented to it. */
  vendorConsents: Record<number, number>;
  /** Vendor id → visitors who objected to its legitimate interest. */
  vendorObjections: Record<number, number>;
  /** Visitors who answered a re-consent prompt that day, by why they were asked. */
  reconsents: Record<ReconsentReason, number>;
}

/**
 * One country of the console's consent table, over a time window: each visitor counted once, by
 * their last TCF choice and their last US choice in it, under the country that choice came from.
 */
export interface ConsentCountry {
  /** ISO 3166-1 alpha-2; null for TCF choices stored before the country was recorded. */
  country: string | null;
  tcf: { visitors: number; choices: Record<ConsentChoiceKind, number> };
  usnat: { visitors: number; saleOptOut: number; sharingOptOut: number; targetedAdvertisingOptOut: number; gpc: number };
}

/** `GET /console/api/consent/summary` reply. */
export interface ConsentSummary {
  days: ConsentDay[];
  /** The same days per country: TCF choices, US opt-outs and GPC; busiest country first. */
  countries: ConsentCountry[];
  purposes: { id: number; name: string }[];
  /** The site's vendors, for naming the per-vendor counts. */
  vendors: { id: number; name: string }[];
}

/**
 * One country of the console's consent table, over a time window: each visitor counted once, by
 * their last TCF choice and their last US choice in it, under the country that choice came from.
 */
export interface ConsentCountry {
  /** ISO 3166-1 alpha-2; null for TCF choices stored before the country was recorded. */
  country: string | null;
  tcf: { visitors: number; choices: Record<ConsentChoiceKind, number> };
  usnat: { visitors: number; saleOptOut: number; sharingOptOut: number; targetedAdvertisingOptOut: number; gpc: number };
}
