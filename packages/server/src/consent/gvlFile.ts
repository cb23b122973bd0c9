import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** A purpose, special purpose, feature, special feature, stack or data category of the list. */
export interface GvlEntry {
  id: number;
  name: string;
  description?: string;
  illustrations?: string[];
}

/** A stack: a named group of purposes and special features the first layer may show as one. */
export interface GvlStack extends GvlEntry {
  purposes: number[];
  specialFeatures: number[];
}

/** A vendor's record (GVL v3), as much of it as the banner discloses. */
export interface GvlVendor {
  id: number;
  name: string;
  purposes: number[];
  legIntPurposes: number[];
  flexiblePurposes?: number[];
  specialPurposes: number[];
  features?: number[];
  specialFeatures: number[];
  deletedDate?: string;
  cookieMaxAgeSeconds?: number | null;
  usesCookies?: boolean;
  cookieRefresh?: boolean;
  usesNonCookieAccess?: boolean;
  deviceStorageDisclosureUrl?: string;
  /** Days kept: the standard period, and per (special) purpose where it differs. */
  dataRetention?: { stdRetention?: number; purposes?: Record<string, number>; specialPurposes?: Record<string, number> };
  /** Data category ids (`dataCategories` of the list). */
  dataDeclaration?: number[];
  urls?: { langId: string; privacy?: string; legIntClaim?: string }[];
}

/** The parts of a GVL v3 file this server reads (the file has more; core reads it whole). */
export interface GvlJson {
  gvlSpecificationVersion: number;
  vendorListVersion: number;
  tcfPolicyVersion: number;
  purposes: Record<string, GvlEntry>;
  specialPurposes?: Record<string, GvlEntry>;
  features?: Record<string, GvlEntry>;
  specialFeatures: Record<string, GvlEntry>;
  stacks?: Record<string, GvlStack>;
  dataCategories?: Record<string, GvlEntry>;
  vendors: Record<string, GvlVendor>;
}

// src/ and dist/ sit at the same depth, so this resolves from both.
/** The demo's own vendor list, shipped with the server. */
export const DEFAULT_GVL_PATH = fileURLToPath(new URL('../../gvl/vendor-list.json', import.meta.url));

/** The list to use: the option, else TARMAC_GVL (a downloaded IAB list), else the shipped one. */
export function gvlPathFrom(option: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  return option || env.TARMAC_GVL || DEFAULT_GVL_PATH;
}

/**
 * Reads and checks a vendor list file. Throws with the path on anything unusable, so a bad
 * TARMAC_GVL stops the server at start-up instead of failing the first visitor.
 */
export function readGvlFile(path: string): GvlJson {
  let json: GvlJson;
  try {
    json = JSON.parse(readFileSync(path, 'utf8')) as GvlJson;
  } catch (error) {
    throw new Error(`Vendor list ${path} cannot be read: ${(error as Error).message}`, { cause: error });
  }
  const ok =
    json &&
    json.gvlSpecificationVersion >= 3 &&
    Number.isInteger(json.vendorListVersion) &&
    Number.isInteger(json.tcfPolicyVersion) &&
    typeof json.purposes === 'object' &&
    typeof json.specialFeatures === 'object' &&
    typeof json.vendors === 'object';
  if (!ok) throw new Error(`Vendor list ${path} is not a GVL v3 file (gvlSpecificationVersion 3, purposes, vendors…)`);
  return json;
}
