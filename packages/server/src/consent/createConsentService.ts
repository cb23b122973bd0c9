import type { ConsentStorage } from './consentStorage.js';
import type { ConsentChoicesBody, ConsentData, ConsentVendorList } from './contract.js';
import { gvlPathFrom, readGvlFile } from './gvlFile.js';
import { rejectAll, selectionFor } from './choiceSelection.js';
import { siteVendorsOf } from './siteVendors.js';
import { createTcStringIssuer } from './tcStringIssuer.js';
import { vendorDisclosures } from './vendorDisclosures.js';

/** Settings of the consent service; all optional except the store. */
export interface ConsentServiceOptions {
  storage: ConsentStorage;
  /** GVL v3 file; defaults to TARMAC_GVL, then the shipped demo list. */
  gvlPath?: string;
  /** The IAB-assigned CMP id (must be > 1) and version encoded into every TC string. */
  cmpId?: number;
  cmpVersion?: number;
  publisherCC?: string;
  /** Whether GDPR applies to this site's visitors; defaults to true (no geo lookup here). */
  gdprApplies?: boolean;
  /** A stored choice older than this is asked again; defaults to 390 days (~13 months). */
  maxChoiceAgeMs?: number;
  now?: () => number;
}

/** What the routes call. */
export interface ConsentService {
  /** The visitor's data, or the "ask" data when they have no current choice. */
  consentFor(visitorId: string | null): Promise<ConsentData>;
  /** Validates, encodes and stores a choice; throws a 400 httpError on a bad body. */
  save(visitorId: string, body: ConsentChoicesBody, userAgent: string | null): Promise<ConsentData>;
  vendorList(): ConsentVendorList;
  purposes(): { id: number; name: string }[];
  /** The site's vendors, named. */
  vendors(): { id: number; name: string }[];
}

const DAY = 86_400_000;

/**
 * The consent service: issues TC strings for the configured vendor list and keeps each
 * visitor's choices. A choice counts as current only for the same vendor list and policy
 * version and while younger than the maximum age; otherwise the visitor is asked again.
 */
export function createConsentService(options: ConsentServiceOptions): ConsentService {
  const json = readGvlFile(gvlPathFrom(options.gvlPath));
  const cmpId = options.cmpId ?? 300;
  const cmpVersion = options.cmpVersion ?? 1;
  const site = siteVendorsOf(json);
  const disclosures = vendorDisclosures(json, site);
  const issuer = createTcStringIssuer(json, site, { cmpId, cmpVersion, publisherCC: options.publisherCC ?? 'ES' });
  const now = options.now ?? Date.now;
  const maxAge = options.maxChoiceAgeMs ?? 390 * DAY;
  const base = {
    cmpId,
    cmpVersion,
    gdprApplies: options.gdprApplies ?? true,
    tcfPolicyVersion: json.tcfPolicyVersion,
    gvlVersion: json.vendorListVersion,
  };
  // Encoded per request: TC strings carry their creation time.
  // No consent and no objection: the string shown with the UI, before the visitor decides.
  const undecided = { ...rejectAll(site), objectedPurposes: [], objectedVendors: [] };
  const ask = (): ConsentData => ({ ...base, tcString: issuer.encode(undecided), showUi: base.gdprApplies });
  const named = (record: Record<string, { id: number; name: string }>) => Object.values(record).map(({ id, name }) => ({ id, name }));

  return {
    async consentFor(visitorId) {
      const stored = visitorId ? await options.storage.latestConsentChoice(visitorId) : null;
      const current =
        stored &&
        stored.gvlVersion === json.vendorListVersion &&
        stored.policyVersion === json.tcfPolicyVersion &&
        now() - stored.createdAt < maxAge;
      return current ? { ...base, tcString: stored.tcString, showUi: false } : ask();
    },
    async save(visitorId, body, userAgent) {
      const selection = selectionFor(body, json, site);
      const tcString = issuer.encode(selection, body.language);
      await options.storage.insertConsentChoice({
        visitorId,
        createdAt: now(),
        choice: body.choice,
        tcString,
        gvlVersion: json.vendorListVersion,
        policyVersion: json.tcfPolicyVersion,
        language: body.language ?? null,
        userAgent,
        ...selection,
        disclosedVendors: site.ids,
        reconsentReason: null,
      });
      return { ...base, tcString, showUi: false };
    },
    vendorList: () => disclosures,
    purposes: () => named(json.purposes),
    vendors: () => site.vendors.map(({ id, name }) => ({ id, name })),
  };
}
