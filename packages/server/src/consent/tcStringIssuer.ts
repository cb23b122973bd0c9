import { GVL, TCModel, TCString } from '@iabtechlabtcf/core';
import type { GvlJson } from './gvlFile.js';

/** What a visitor agreed to, in ids of the vendor list. */
export interface ConsentSelection {
  purposes: number[];
  specialFeatures: number[];
  vendors: number[];
}

/** Who issues the strings: the CMP's identity and the publisher's country. */
export interface IssuerOptions {
  cmpId: number;
  cmpVersion: number;
  publisherCC: string;
}

/** The languages the banner speaks; the TC string's consent language is the one the visitor chose in. */
export type ConsentLanguage = 'en' | 'es';

/** Makes TC strings for one vendor list. */
export interface TcStringIssuer {
  /** `language` becomes the string's ConsentLanguage (default English). */
  encode(selection: ConsentSelection, language?: ConsentLanguage): string;
  /** Everything in the list: what "accept all" agrees to. */
  everything(): ConsentSelection;
}

const ids = (record: Record<string, unknown>) => Object.keys(record).map(Number).sort((a, b) => a - b);

/**
 * Encodes real TC strings with the IAB reference library. Legitimate-interest signals are set
 * for every declared use (transparency was given by the banner); consents only for what the
 * visitor chose. So "no choice yet" and "reject all" both encode the empty selection, as the
 * CMP API asks of the string shown with the UI.
 */
export function createTcStringIssuer(json: GvlJson, options: IssuerOptions): TcStringIssuer {
  // core writes the GVL's language into every string it encodes, so one GVL per language, made on
  // first use. core keeps and annotates what it is given; a copy keeps our parsed file pristine.
  const gvls = new Map<ConsentLanguage, GVL>();
  const gvlFor = (language: ConsentLanguage) => {
    let gvl = gvls.get(language);
    if (!gvl) gvls.set(language, (gvl = new GVL(structuredClone(json) as never, { language })));
    return gvl;
  };
  const activeVendors = Object.values(json.vendors).filter((v) => !v.deletedDate);
  const liPurposes = [...new Set(activeVendors.flatMap((v) => v.legIntPurposes))];
  const liVendors = activeVendors.filter((v) => v.legIntPurposes.length || v.specialPurposes.length).map((v) => v.id);

  return {
    encode(selection, language = 'en') {
      const model = new TCModel(gvlFor(language));
      model.cmpId = options.cmpId;
      model.cmpVersion = options.cmpVersion;
      model.consentScreen = 1;
      model.isServiceSpecific = true;
      model.publisherCountryCode = options.publisherCC;
      model.purposeConsents.set(selection.purposes);
      model.specialFeatureOptins.set(selection.specialFeatures);
      model.vendorConsents.set(selection.vendors);
      model.purposeLegitimateInterests.set(liPurposes);
      model.vendorLegitimateInterests.set(liVendors);
      model.publisherConsents.set(selection.purposes);
      return TCString.encode(model);
    },
    everything: () => ({
      purposes: ids(json.purposes),
      specialFeatures: ids(json.specialFeatures),
      vendors: activeVendors.map((v) => v.id),
    }),
  };
}
