import { createBitReader } from './bitReader.js';
import type { BitReader } from './bitReader.js';
import type { Flags, Restrictions } from './types.js';

/** Everything a TC string v2 holds that the CMP API reports, decoded in the browser. */
export interface DecodedTcString {
  version: number;
  /** Epoch ms (the string stores deciseconds). */
  created: number;
  lastUpdated: number;
  cmpId: number;
  cmpVersion: number;
  consentScreen: number;
  consentLanguage: string;
  vendorListVersion: number;
  policyVersion: number;
  isServiceSpecific: boolean;
  useNonStandardTexts: boolean;
  specialFeatureOptins: Flags;
  purposeConsents: Flags;
  purposeLegitimateInterests: Flags;
  purposeOneTreatment: boolean;
  publisherCC: string;
  vendorConsents: Flags;
  vendorLegitimateInterests: Flags;
  restrictions: Restrictions;
  publisherConsents: Flags;
  publisherLegitimateInterests: Flags;
  customConsents: Flags;
  customLegitimateInterests: Flags;
  /** Vendors the CMP disclosed to the visitor (segment type 1); empty when the string has none. */
  disclosedVendors: Flags;
}

const DISCLOSED_VENDORS = 1;
const PUBLISHER_TC = 3;

const letters = (r: BitReader): string => String.fromCharCode(65 + r.int(6), 65 + r.int(6));

// Single ids and first..last ranges, as range-encoded vendor sections and restrictions list them.
function rangeEntries<T>(r: BitReader, target: Record<number, T>, value: T): void {
  for (let entries = r.int(12); entries > 0; entries--) {
    const isRange = r.bool();
    const first = r.int(16);
    const last = isRange ? r.int(16) : first;
    for (let id = first; id <= last; id++) target[id] = value;
  }
}

// A vendor section is a bit field up to maxVendorId, or a list of single ids and ranges.
function vendorFlags(r: BitReader): Flags {
  const maxId = r.int(16);
  if (!r.bool()) return r.flags(maxId);
  const flags: Flags = {};
  rangeEntries(r, flags, true);
  return flags;
}

function restrictionsOf(r: BitReader): Restrictions {
  const restrictions: Restrictions = {};
  for (let count = r.int(12); count > 0; count--) {
    const purpose = r.int(6);
    const type = r.int(2);
    rangeEntries(r, (restrictions[purpose] ??= {}), type);
  }
  return restrictions;
}

/**
 * Decodes a TC string (version 2: the core segment first, then in any order the DisclosedVendors
 * segment, mandatory since TCF 2.3 but read as empty when an older string lacks it, and the
 * publisher TC segment; the allowed vendors segment is skipped, the CMP API does not report it).
 * Returns null for anything that is not a well-formed v2 string, so callers can reject it as
 * wrong_tc_data.
 */
export function decodeTcString(tcString: string): DecodedTcString | null {
  try {
    const [core, ...others] = tcString.split('.');
    const r = createBitReader(core as string);
    if (r.int(6) !== 2) return null;
    const decoded: DecodedTcString = {
      version: 2,
      created: r.int(36) * 100,
      lastUpdated: r.int(36) * 100,
      cmpId: r.int(12),
      cmpVersion: r.int(12),
      consentScreen: r.int(6),
      consentLanguage: letters(r),
      vendorListVersion: r.int(12),
      policyVersion: r.int(6),
      isServiceSpecific: r.bool(),
      useNonStandardTexts: r.bool(),
      specialFeatureOptins: r.flags(12),
      purposeConsents: r.flags(24),
      purposeLegitimateInterests: r.flags(24),
      purposeOneTreatment: r.bool(),
      publisherCC: letters(r),
      vendorConsents: vendorFlags(r),
      vendorLegitimateInterests: vendorFlags(r),
      restrictions: restrictionsOf(r),
      publisherConsents: {},
      publisherLegitimateInterests: {},
      customConsents: {},
      customLegitimateInterests: {},
      disclosedVendors: {},
    };
    for (const segment of others) {
      const s = createBitReader(segment);
      const type = s.int(3);
      if (type === DISCLOSED_VENDORS) decoded.disclosedVendors = vendorFlags(s);
      if (type !== PUBLISHER_TC) continue;
      decoded.publisherConsents = s.flags(24);
      decoded.publisherLegitimateInterests = s.flags(24);
      const custom = s.int(6);
      decoded.customConsents = s.flags(custom);
      decoded.customLegitimateInterests = s.flags(custom);
    }
    return decoded;
  } catch {
    return null;
  }
}
