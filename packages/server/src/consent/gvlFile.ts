import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The parts of a GVL v3 file this server reads (the file has more; core reads it whole). */
export interface GvlJson {
  gvlSpecificationVersion: number;
  vendorListVersion: number;
  tcfPolicyVersion: number;
  purposes: Record<string, { id: number; name: string }>;
  specialFeatures: Record<string, { id: number; name: string }>;
  vendors: Record<
    string,
    {
      id: number;
      name: string;
      purposes: number[];
      legIntPurposes: number[];
      specialPurposes: number[];
      specialFeatures: number[];
      deletedDate?: string;
      urls?: { langId: string; privacy?: string }[];
    }
  >;
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
    typeof json.purposes == 'object' &&
    typeof json.specialFeatures == 'object' &&
    typeof json.vendors == 'object';
  if (!ok) throw new Error(`Vendor list ${path} is not a GVL v3 file (gvlSpecificationVersion 3, purposes, vendors…)`);
  return json;
}
