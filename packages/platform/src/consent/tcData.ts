import type { ConsentState } from './consentState.js';
import type { Flags, TCData } from './types.js';

const copy = (flags: Flags, only?: number[]): Flags => {
  if (!only) return { ...flags };
  const picked: Flags = {};
  for (const id of only) picked[id] = flags[id] === true;
  return picked;
};

/**
 * The TCData of the current state. Every call builds fresh objects, so one listener changing
 * what it got cannot change what the next one sees. Where GDPR does not apply, the spec allows
 * only the CMP's identity and statuses; `vendorIds` (getTCData's parameter) narrows the vendors.
 */
export function buildTCData(state: ConsentState, listenerId?: number, vendorIds?: number[]): TCData {
  const { data, decoded: d } = state;
  const base: TCData = {
    tcfPolicyVersion: data?.tcfPolicyVersion,
    cmpId: data?.cmpId,
    cmpVersion: data?.cmpVersion,
    gdprApplies: data?.gdprApplies,
    eventStatus: state.eventStatus,
    cmpStatus: state.cmpStatus,
    listenerId,
  };
  if (!data?.gdprApplies || !d) return base;
  return {
    tcString: data.tcString,
    ...base,
    isServiceSpecific: d.isServiceSpecific,
    useNonStandardTexts: d.useNonStandardTexts,
    publisherCC: d.publisherCC,
    purposeOneTreatment: d.purposeOneTreatment,
    purpose: { consents: copy(d.purposeConsents), legitimateInterests: copy(d.purposeLegitimateInterests) },
    vendor: {
      consents: copy(d.vendorConsents, vendorIds),
      legitimateInterests: copy(d.vendorLegitimateInterests, vendorIds),
      disclosedVendors: copy(d.disclosedVendors, vendorIds),
    },
    specialFeatureOptins: copy(d.specialFeatureOptins),
    publisher: {
      consents: copy(d.publisherConsents),
      legitimateInterests: copy(d.publisherLegitimateInterests),
      customPurpose: { consents: copy(d.customConsents), legitimateInterests: copy(d.customLegitimateInterests) },
      restrictions: JSON.parse(JSON.stringify(d.restrictions)),
    },
  };
}
