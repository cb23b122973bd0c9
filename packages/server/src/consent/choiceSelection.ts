import { errorCodes } from '../http/errorCodes.js';
import { httpError } from '../http/httpError.js';
import type { ConsentChoicesBody } from './contract.js';
import type { GvlJson } from './gvlFile.js';
import type { SiteVendors } from './siteVendors.js';
import type { ConsentSelection } from './tcStringIssuer.js';

const LISTS = ['purposes', 'specialFeatures', 'vendors', 'objectedPurposes', 'objectedVendors'] as const;
type ListName = (typeof LISTS)[number];

const ids = (record: Record<string, unknown>) => Object.keys(record).map(Number).sort((a, b) => a - b);

/** "Accept all": every purpose, special feature and site vendor, no objection. */
export const acceptAll = (json: GvlJson, site: SiteVendors): ConsentSelection => ({
  purposes: ids(json.purposes),
  specialFeatures: ids(json.specialFeatures),
  vendors: [...site.consentVendors],
  objectedPurposes: [],
  objectedVendors: [],
});

/**
 * "Reject all": no consent, and an objection to every legitimate interest the visitor can object
 * to (every purpose and vendor that claims one). Special purposes stay: TCF offers no objection to
 * them (docs/consent.md, "Right to object").
 */
export const rejectAll = (site: SiteVendors): ConsentSelection => ({
  purposes: [],
  specialFeatures: [],
  vendors: [],
  objectedPurposes: [...site.liPurposes],
  objectedVendors: [...site.liVendors],
});

/**
 * Turns a schema-valid body into the selection to encode. A custom choice may only name what the
 * list and the site offer (a stale page after a list update gets a clear 400, not a silently
 * different string); accept/reject carry no lists, so a contradictory body is refused rather
 * than guessed.
 */
export function selectionFor(body: ConsentChoicesBody, json: GvlJson, site: SiteVendors): ConsentSelection {
  const version = json.vendorListVersion;
  if (body.choice !== 'custom') {
    const extra = LISTS.find((list) => body[list] !== undefined);
    if (extra) throw httpError(errorCodes.BAD_BODY, `body/${extra} is only allowed with choice "custom"`);
    return body.choice === 'accept_all' ? acceptAll(json, site) : rejectAll(site);
  }
  const inList = `is not in vendor list ${version}`;
  const offered: Record<ListName, [Set<number>, string]> = {
    purposes: [new Set(ids(json.purposes)), inList],
    specialFeatures: [new Set(ids(json.specialFeatures)), inList],
    vendors: [new Set(site.consentVendors), 'asks no consent on this site'],
    objectedPurposes: [new Set(site.liPurposes), "is not a legitimate-interest purpose of this site's vendors"],
    objectedVendors: [new Set(site.liVendors), 'claims no legitimate interest on this site'],
  };
  const siteIds = new Set(site.ids);
  const selection: ConsentSelection = { purposes: [], specialFeatures: [], vendors: [], objectedPurposes: [], objectedVendors: [] };
  for (const list of LISTS) {
    const given = body[list] ?? [];
    const [allowed, why] = offered[list];
    const wrong = given.find((id) => !allowed.has(id));
    if (wrong !== undefined) {
      // A vendor id the site does not have at all is a stale or forged page: say so first.
      const unknownVendor = (list === 'vendors' || list === 'objectedVendors') && !siteIds.has(wrong);
      throw httpError(errorCodes.BAD_BODY, `body/${list}: ${wrong} ${unknownVendor ? inList : why}`);
    }
    selection[list] = [...given].sort((a, b) => a - b);
  }
  return selection;
}
