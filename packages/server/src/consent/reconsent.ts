import type { NewConsentChoice } from './consentStorage.js';
import type { ReconsentReason } from './contract.js';
import type { GvlJson } from './gvlFile.js';
import type { SiteVendors } from './siteVendors.js';

/** `ms` plus whole calendar months, in UTC; the 31st becomes the month's last day when it has none. */
export function addMonths(ms: number, months: number): number {
  const date = new Date(ms);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return date.getTime();
}

/** What a stored choice is checked against: the list and site now, and the maximum age. */
export interface ReconsentContext {
  json: GvlJson;
  site: SiteVendors;
  maxAgeMonths: number;
  now: number;
}

/**
 * Why a stored choice no longer stands, or null while it does. In this order: the TCF policy
 * version changed; the choice is `maxAgeMonths` calendar months old; the site now uses vendors the
 * visitor was not shown — 'gvl_vendors' when the vendor list version changed since (a new list
 * brought vendors the site names), else 'site_vendors' (the site added vendors). A new list
 * version alone, with no new vendor for this site, keeps the choice. A choice stored before the
 * shown vendors were recorded was shown every vendor of its list version.
 */
export function reconsentReason(stored: NewConsentChoice, context: ReconsentContext): ReconsentReason | null {
  const { json, site } = context;
  if (stored.policyVersion !== json.tcfPolicyVersion) return 'policy';
  if (context.now >= addMonths(stored.createdAt, context.maxAgeMonths)) return 'expired';
  const sameList = stored.gvlVersion === json.vendorListVersion;
  const seen = new Set(stored.disclosedVendors ?? (sameList ? site.ids : []));
  if (site.ids.every((id) => seen.has(id))) return null;
  return sameList ? 'site_vendors' : 'gvl_vendors';
}
