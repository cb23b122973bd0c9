import type { GvlJson, GvlVendor } from './gvlFile.js';

/**
 * The vendors this site works with, as the current vendor list describes them, and what they
 * claim on the basis of legitimate interest — what a visitor can object to.
 */
export interface SiteVendors {
  /** Active (not deleted) vendors of the site, in id order. */
  vendors: GvlVendor[];
  ids: number[];
  /** Vendors asking consent for at least one purpose: the vendor consents offered. */
  consentVendors: number[];
  /** Purposes at least one site vendor pursues on legitimate interest: the purpose objections offered. */
  liPurposes: number[];
  /** Vendors claiming legitimate interest for a purpose: the vendor objections offered. */
  liVendors: number[];
  /**
   * Vendors whose legitimate-interest bit is set whatever the visitor does: the TC string spec
   * requires it for a disclosed vendor with special purposes only, which offer no choice.
   */
  specialPurposeOnly: number[];
}

const byId = (a: number, b: number) => a - b;

/**
 * The site's vendors: `configured` ids (the site's own selection) that the list has and has not
 * deleted, or every active vendor of the list when the site names none. An id the list does not
 * have yet is skipped, and counts once a later list version brings it.
 */
export function siteVendorsOf(json: GvlJson, configured?: readonly number[]): SiteVendors {
  const wanted = configured ? new Set(configured) : null;
  const vendors = Object.values(json.vendors)
    .filter((v) => !v.deletedDate && (!wanted || wanted.has(v.id)))
    .sort((a, b) => a.id - b.id);
  return {
    vendors,
    ids: vendors.map((v) => v.id),
    consentVendors: vendors.filter((v) => v.purposes.length).map((v) => v.id),
    liPurposes: [...new Set(vendors.flatMap((v) => v.legIntPurposes))].sort(byId),
    liVendors: vendors.filter((v) => v.legIntPurposes.length).map((v) => v.id),
    specialPurposeOnly: vendors.filter((v) => !v.purposes.length && !v.legIntPurposes.length && v.specialPurposes.length).map((v) => v.id),
  };
}
