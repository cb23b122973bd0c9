/** The site's consent settings that come from the environment when the app options leave them out. */
export interface SiteConsentSettings {
  /** The vendor ids the site works with; all of the list's when absent. */
  vendorIds?: number[];
  /** Calendar months after which a choice is asked again. */
  maxChoiceAgeMonths: number;
}

/** The default expiry: 13 months, the longest most EU regulators accept for a consent choice. */
export const DEFAULT_MAX_AGE_MONTHS = 13;
// Also the longest possible: the visitor cookie lives 395 days, and browsers keep none past 400.
const MAX_MONTHS = 13;

/**
 * Reads TARMAC_CONSENT_VENDORS ("1001,1002") and TARMAC_CONSENT_MAX_AGE_MONTHS (1..13) unless
 * the options set them. Throws on a malformed value, so a typo stops the server at start-up
 * instead of silently asking no one again or disclosing the wrong vendors.
 */
export function siteConsentSettings(
  options: { vendorIds?: number[]; maxChoiceAgeMonths?: number },
  env: NodeJS.ProcessEnv = process.env,
): SiteConsentSettings {
  let vendorIds = options.vendorIds;
  const vendorsText = env.TARMAC_CONSENT_VENDORS?.trim();
  if (!vendorIds && vendorsText) {
    if (!/^\d+(\s*,\s*\d+)*$/.test(vendorsText)) {
      throw new Error(`TARMAC_CONSENT_VENDORS must be vendor ids separated by commas ("1001,1002"), not "${vendorsText}"`);
    }
    vendorIds = vendorsText.split(',').map((id) => Number(id.trim()));
  }
  let months = options.maxChoiceAgeMonths;
  const monthsText = env.TARMAC_CONSENT_MAX_AGE_MONTHS?.trim();
  if (months === undefined && monthsText) {
    if (!/^\d+$/.test(monthsText)) throw new Error(`TARMAC_CONSENT_MAX_AGE_MONTHS must be a whole number of months, not "${monthsText}"`);
    months = Number(monthsText);
  }
  months ??= DEFAULT_MAX_AGE_MONTHS;
  if (!Number.isInteger(months) || months < 1 || months > MAX_MONTHS) {
    throw new Error(`The consent expiry must be 1 to ${MAX_MONTHS} months, not ${months}`);
  }
  return { ...(vendorIds ? { vendorIds } : {}), maxChoiceAgeMonths: months };
}
