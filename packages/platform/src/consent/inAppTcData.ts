import type { TCData } from './types.js';

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
  vendor?: { consents: string; legitimateInterests: string; disclosedVendors: string };
  specialFeatureOptins?: string;
  publisher?: {
    consents: string;
    legitimateInterests: string;
    customPurpose: { consents: string; legitimateInterests: string };
    restrictions: Record<number, string>;
  };
}

// One character per id 1..max: 1/0 for flags, the restriction type for restrictions, `none`
// where the map has no entry.
function bits(map: Record<number, number>, none: string): string {
  let out = '';
  const max = Math.max(0, ...Object.keys(map).map(Number));
  for (let id = 1; id <= max; id++) out += map[id] ?? none;
  return out;
}

// disclosedVendors as the in-app key IABTCF_DisclosedVendors spells it: '1' at index n for id n+1.
const FLAG_MAPS = ['consents', 'legitimateInterests', 'disclosedVendors', 'specialFeatureOptins'];

/**
 * The in-app form of a TCData, for CMPs whose UI runs in an app's web view. Done as one JSON
 * round trip whose reviver works bottom-up: booleans become 1/0 first, then each id map
 * becomes its string.
 */
export function toInAppTCData(t: TCData): InAppTCData {
  return JSON.parse(JSON.stringify(t), (key: string, value: unknown) => {
    if (key === 'cmpStatus' || key === 'listenerId') return undefined;
    if (typeof value === 'boolean') return value ? 1 : 0;
    if (FLAG_MAPS.includes(key)) return bits(value as Record<number, number>, '0');
    // a purpose's restrictions: vendor id → type
    if (/^\d+$/.test(key) && value && typeof value === 'object') return bits(value as Record<number, number>, '_');
    return value;
  });
}
