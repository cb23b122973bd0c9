import type { ConsentListEntry, ConsentVendor, ConsentVendorList } from '@tarmac/platform/consent';
import type { GvlEntry, GvlJson, GvlVendor } from './gvlFile.js';
import type { SiteVendors } from './siteVendors.js';

const entry = ({ id, name, description }: GvlEntry): ConsentListEntry => ({ id, name, ...(description ? { description } : {}) });

// Only what the site's vendors use, in id order: a purpose nobody pursues is not disclosed.
function used(record: Record<string, GvlEntry> | undefined, ids: Iterable<number>): ConsentListEntry[] {
  const wanted = new Set(ids);
  return Object.values(record ?? {})
    .filter((e) => wanted.has(e.id))
    .sort((a, b) => a.id - b.id)
    .map(entry);
}

const numericKeys = (record: Record<string, number> | undefined): Record<number, number> =>
  Object.fromEntries(Object.entries(record ?? {}).map(([id, days]) => [Number(id), days]));

function disclosed(v: GvlVendor): ConsentVendor {
  const retention = v.dataRetention;
  return {
    id: v.id,
    name: v.name,
    purposes: v.purposes,
    legIntPurposes: v.legIntPurposes,
    specialPurposes: v.specialPurposes,
    features: v.features ?? [],
    specialFeatures: v.specialFeatures,
    dataDeclaration: v.dataDeclaration ?? [],
    retention: {
      ...(retention?.stdRetention !== undefined ? { std: retention.stdRetention } : {}),
      purposes: numericKeys(retention?.purposes),
      specialPurposes: numericKeys(retention?.specialPurposes),
    },
    urls: (v.urls ?? []).map(({ langId, privacy, legIntClaim }) => ({ langId, privacy, legIntClaim })),
    cookieMaxAgeSeconds: v.cookieMaxAgeSeconds,
    usesCookies: v.usesCookies,
    usesNonCookieAccess: v.usesNonCookieAccess,
  };
}

/**
 * The reply of `GET /i/api/iabtcf/v1/vendors`: per site vendor what TCF v2.2 requires the banner
 * to disclose (purposes on consent and on legitimate interest, special purposes, features,
 * special features, retention, data categories, privacy policy and legitimate-interest claim),
 * and the list's entries those vendors use.
 */
export function vendorDisclosures(json: GvlJson, site: SiteVendors): ConsentVendorList {
  const all = (pick: (v: GvlVendor) => number[] | undefined) => site.vendors.flatMap((v) => pick(v) ?? []);
  return {
    gvlVersion: json.vendorListVersion,
    purposes: used(json.purposes, [...all((v) => v.purposes), ...all((v) => v.legIntPurposes)]),
    specialPurposes: used(json.specialPurposes, all((v) => v.specialPurposes)),
    features: used(json.features, all((v) => v.features)),
    specialFeatures: used(json.specialFeatures, all((v) => v.specialFeatures)),
    dataCategories: used(json.dataCategories, all((v) => v.dataDeclaration)),
    vendors: site.vendors.map(disclosed),
  };
}
