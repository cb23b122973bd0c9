import type { Flags, Restrictions, TCData } from './types.js';

/** getInAppTCData's shape: booleans as 1/0, id maps as '0101…' strings (index n = id n+1). */
export interface InAppTCData {
  tcString?: string;
  tcfPolicyVersion: number | undefined;
  cmpId: number | undefined;
  cmpVersion: number | undefined;
  gdprApplies: 0 | 1 | undefined;
  eventStatus: TCData['eventStatus'];
  isServiceSpecific?: 0 | 1;
  useNonStandardTexts?: 0 | 1;
  publisherCC?: string;
  purposeOneTreatment?: 0 | 1;
  purpose?: { consents: string; legitimateInterests: string };
  vendor?: { consents: string; legitimateInterests: string };
  specialFeatureOptins?: string;
  publisher?: {
    consents: string;
    legitimateInterests: string;
    customPurpose: { consents: string; legitimateInterests: string };
    restrictions: Record<number, string>;
  };
}

const bit = (flag: boolean | undefined): 0 | 1 | undefined => (flag === undefined ? undefined : flag ? 1 : 0);

const maxKey = (map: object): number => Math.max(0, ...Object.keys(map).map(Number));

function bitString(flags: Flags = {}): string {
  let out = '';
  for (let id = 1; id <= maxKey(flags); id++) out += flags[id] ? '1' : '0';
  return out;
}

// One character per vendor id: its restriction type, '_' where it has none.
function restrictionStrings(restrictions: Restrictions = {}): Record<number, string> {
  const out: Record<number, string> = {};
  for (const [purpose, vendors] of Object.entries(restrictions)) {
    let text = '';
    for (let id = 1; id <= maxKey(vendors); id++) text += vendors[id] ?? '_';
    out[Number(purpose)] = text;
  }
  return out;
}

/** The in-app form of a TCData, for CMPs whose UI runs in an app's web view. */
export function toInAppTCData(t: TCData): InAppTCData {
  const base: InAppTCData = {
    tcfPolicyVersion: t.tcfPolicyVersion,
    cmpId: t.cmpId,
    cmpVersion: t.cmpVersion,
    gdprApplies: bit(t.gdprApplies),
    eventStatus: t.eventStatus,
  };
  if (!t.gdprApplies || !t.purpose || !t.vendor || !t.publisher) return base;
  return {
    tcString: t.tcString,
    ...base,
    isServiceSpecific: bit(t.isServiceSpecific),
    useNonStandardTexts: bit(t.useNonStandardTexts),
    publisherCC: t.publisherCC,
    purposeOneTreatment: bit(t.purposeOneTreatment),
    purpose: { consents: bitString(t.purpose.consents), legitimateInterests: bitString(t.purpose.legitimateInterests) },
    vendor: { consents: bitString(t.vendor.consents), legitimateInterests: bitString(t.vendor.legitimateInterests) },
    specialFeatureOptins: bitString(t.specialFeatureOptins),
    publisher: {
      consents: bitString(t.publisher.consents),
      legitimateInterests: bitString(t.publisher.legitimateInterests),
      customPurpose: {
        consents: bitString(t.publisher.customPurpose.consents),
        legitimateInterests: bitString(t.publisher.customPurpose.legitimateInterests),
      },
      restrictions: restrictionStrings(t.publisher.restrictions),
    },
  };
}
