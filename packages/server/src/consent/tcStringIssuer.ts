import { GVL, Segment, TCModel, TCString } from '@iabtechlabtcf/core';
import type { GvlJson } from './gvlFile.js';
import type { SiteVendors } from './siteVendors.js';

/** What a visitor agreed to and objected to, in ids of the vendor list. */
export interface ConsentSelection {
  /** Consented purposes, opted-in special features, consented vendors. */
  purposes: number[];
  specialFeatures: number[];
  vendors: number[];
  /** Right to object: purposes and vendors whose legitimate interest the visitor refused. */
  objectedPurposes: number[];
  objectedVendors: number[];
}

/** Who issues the strings: the CMP's identity and the publisher's country. */
export interface IssuerOptions {
  cmpId: number;
  cmpVersion: number;
  publisherCC: string;
}

/** The languages the banner speaks; the TC string's consent language is the one the visitor chose in. */
export type ConsentLanguage = 'en' | 'es';

/** Makes TC strings for one vendor list and the site's vendors in it. */
export interface TcStringIssuer {
  /**
   * `language` becomes the string's ConsentLanguage (default English); `decidedAt` (epoch ms,
   * default now) its created and last-updated day.
   */
  encode(selection: ConsentSelection, language?: ConsentLanguage, decidedAt?: number): string;
}

const DAY = 86_400_000;
/** Core string, DisclosedVendors, publisher TC: every string we issue carries all three. */
const SEGMENTS = [Segment.CORE, Segment.VENDORS_DISCLOSED, Segment.PUBLISHER_TC];
const without = (ids: number[], removed: number[]) => ids.filter((id) => !removed.includes(id));

/**
 * Encodes real TC strings with the IAB reference library. Legitimate-interest signals are set for
 * every use the site's vendors declare (the banner gave transparency) except those the visitor
 * objected to; consents only for what the visitor chose. "No choice yet" encodes no consent and
 * no objection, as the CMP API asks of the string shown with the UI. Every string carries the
 * list's policy version and a DisclosedVendors segment naming the site's vendors (TCF 2.3).
 */
export function createTcStringIssuer(json: GvlJson, site: SiteVendors, options: IssuerOptions): TcStringIssuer {
  // core writes the GVL's language into every string it encodes, so one GVL per language, made on
  // first use. core keeps and annotates what it is given; a copy keeps our parsed file pristine.
  const gvls = new Map<ConsentLanguage, GVL>();
  const gvlFor = (language: ConsentLanguage) => {
    let gvl = gvls.get(language);
    if (!gvl) gvls.set(language, (gvl = new GVL(structuredClone(json) as never, { language })));
    return gvl;
  };

  return {
    encode(selection, language = 'en', decidedAt) {
      const model = new TCModel(gvlFor(language));
      // TCF v2.2 keeps only the day in both times (as core does for "now"), so a string says when
      // the choice was made, not when it was re-encoded.
      if (decidedAt !== undefined) model.created = model.lastUpdated = new Date(Math.floor(decidedAt / DAY) * DAY);
      model.cmpId = options.cmpId;
      model.cmpVersion = options.cmpVersion;
      model.consentScreen = 1;
      model.isServiceSpecific = true;
      model.publisherCountryCode = options.publisherCC;
      model.purposeConsents.set(selection.purposes);
      model.specialFeatureOptins.set(selection.specialFeatures);
      model.vendorConsents.set(selection.vendors);
      model.purposeLegitimateInterests.set(without(site.liPurposes, selection.objectedPurposes));
      model.vendorLegitimateInterests.set([...without(site.liVendors, selection.objectedVendors), ...site.specialPurposeOnly]);
      model.publisherConsents.set(selection.purposes);
      // TCF 2.3 makes the DisclosedVendors segment mandatory: it lists the vendors the banner
      // showed, which are the site's vendors (not the whole list), whatever the visitor chose.
      model.vendorsDisclosed.set(site.ids);
      // Named explicitly rather than left to core's SegmentSequence, which only adds the segment
      // for service-specific strings: a string without it is invalid under 2.3.
      return TCString.encode(model, { segments: SEGMENTS });
    },
  };
}
