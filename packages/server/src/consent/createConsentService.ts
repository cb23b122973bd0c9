import { createHash } from 'node:crypto';
import type { NewConsentChoice } from './consentStorage.js';
import type { ConsentIngest, ConsentQuery } from './ports.js';
import { siteConsentSettings } from './consentSettings.js';
import type { ConsentChoicesBody, ConsentData, ConsentVendorList } from './contract.js';
import { gvlPathFrom, readGvlFile } from './gvlFile.js';
import { rejectAll, selectionFor } from './choiceSelection.js';
import { reconsentReason } from './reconsent.js';
import { siteVendorsOf } from './siteVendors.js';
import { createTcStringIssuer } from './tcStringIssuer.js';
import type { ConsentLanguage } from './tcStringIssuer.js';
import { vendorDisclosures } from './vendorDisclosures.js';

/** Settings of the consent service; all optional except the store's consent ports. */
export interface ConsentServiceOptions {
  /** Where choices are saved (durable before the visitor is answered). */
  ingest: ConsentIngest;
  /** Where a returning visitor's choice is read. */
  query: Pick<ConsentQuery, 'latestConsentChoice'>;
  /** GVL v3 file; defaults to TARMAC_GVL, then the shipped demo list. */
  gvlPath?: string;
  /** The vendors the site works with; defaults to TARMAC_CONSENT_VENDORS, then every vendor of the list. */
  vendorIds?: number[];
  /** Calendar months until a choice is asked again; defaults to TARMAC_CONSENT_MAX_AGE_MONTHS, then 13. */
  maxChoiceAgeMonths?: number;
  /** The IAB-assigned CMP id (must be > 1) and version encoded into every TC string. */
  cmpId?: number;
  cmpVersion?: number;
  publisherCC?: string;
  /** Whether GDPR applies to this site's visitors; defaults to true (no geo lookup here). */
  gdprApplies?: boolean;
  now?: () => number;
  /** Where TARMAC_* settings are read; the process environment by default. */
  env?: NodeJS.ProcessEnv;
}

/** What the routes call. */
export interface ConsentService {
  /** The visitor's data, or the "ask" data when they have no current choice. */
  consentFor(visitorId: string | null): Promise<ConsentData>;
  /** Validates, encodes and stores a choice (with the request's country); throws a 400 httpError on a bad body. */
  save(visitorId: string, body: ConsentChoicesBody, userAgent: string | null, country?: string | null): Promise<ConsentData>;
  vendorList(): ConsentVendorList;
  /** The vendor list's entity tag (quoted), for revalidating a cached copy. */
  vendorListTag: string;
  purposes(): { id: number; name: string }[];
  /** The site's vendors, named. */
  vendors(): { id: number; name: string }[];
}

const languageOf = (stored: NewConsentChoice): ConsentLanguage => (stored.language === 'es' ? 'es' : 'en');

/**
 * The consent service: issues TC strings for the configured vendor list and the site's vendors
 * in it, and keeps each visitor's choices. A stored choice stands until a re-consent rule
 * (reconsent.ts) says otherwise; then the visitor is asked again, and the choice they make is
 * stored with the reason, for the console's counts.
 */
export function createConsentService(options: ConsentServiceOptions): ConsentService {
  const json = readGvlFile(gvlPathFrom(options.gvlPath, options.env));
  const settings = siteConsentSettings(options, options.env);
  const cmpId = options.cmpId ?? 300;
  const cmpVersion = options.cmpVersion ?? 1;
  const site = siteVendorsOf(json, settings.vendorIds);
  const disclosures = vendorDisclosures(json, site);
  const vendorListTag = `"${createHash('sha256').update(JSON.stringify(disclosures)).digest('base64url').slice(0, 22)}"`;
  const issuer = createTcStringIssuer(json, site, { cmpId, cmpVersion, publisherCC: options.publisherCC ?? 'ES' });
  const now = options.now ?? Date.now;
  const base = {
    cmpId,
    cmpVersion,
    gdprApplies: options.gdprApplies ?? true,
    tcfPolicyVersion: json.tcfPolicyVersion,
    gvlVersion: json.vendorListVersion,
  };
  // No consent and no objection: the string shown with the UI, before the visitor decides.
  // Encoded per request: TC strings carry their creation time.
  const undecided = { ...rejectAll(site), objectedPurposes: [], objectedVendors: [] };
  const ask = (): ConsentData => ({ ...base, tcString: issuer.encode(undecided, 'en', now()), showUi: base.gdprApplies });
  const named = (record: Record<string, { id: number; name: string }>) => Object.values(record).map(({ id, name }) => ({ id, name }));
  const reasonFor = (stored: NewConsentChoice | null) =>
    stored && reconsentReason(stored, { json, site, maxAgeMonths: settings.maxChoiceAgeMonths, now: now() });
  // A choice made on an older list still stands (no new vendor for this site): its string is made
  // again on the current list, so vendors the list deleted drop out and the versions agree.
  const tcStringOf = (stored: NewConsentChoice) =>
    stored.gvlVersion === json.vendorListVersion ? stored.tcString : issuer.encode(stored, languageOf(stored), stored.createdAt);

  return {
    async consentFor(visitorId) {
      const stored = visitorId ? await options.query.latestConsentChoice(visitorId) : null;
      return stored && !reasonFor(stored) ? { ...base, tcString: tcStringOf(stored), showUi: false } : ask();
    },
    async save(visitorId, body, userAgent, country = null) {
      const selection = selectionFor(body, json, site);
      const decidedAt = now();
      const tcString = issuer.encode(selection, body.language, decidedAt);
      const previous = await options.query.latestConsentChoice(visitorId);
      await options.ingest.insertConsentChoice({
        visitorId,
        createdAt: decidedAt,
        choice: body.choice,
        tcString,
        gvlVersion: json.vendorListVersion,
        policyVersion: json.tcfPolicyVersion,
        language: body.language ?? null,
        userAgent,
        ...selection,
        disclosedVendors: site.ids,
        reconsentReason: reasonFor(previous),
        country,
      });
      return { ...base, tcString, showUi: false };
    },
    vendorList: () => disclosures,
    vendorListTag,
    purposes: () => named(json.purposes),
    vendors: () => site.vendors.map(({ id, name }) => ({ id, name })),
  };
}
