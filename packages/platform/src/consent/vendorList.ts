/** A partner as the banner's settings panel lists it (from `GET /i/api/iabtcf/v1/vendors`). */
export interface ConsentVendor {
  id: number;
  name: string;
  purposes: number[];
  legIntPurposes: number[];
  specialFeatures: number[];
  policyUrl?: string;
}

/**
 * `GET /i/api/iabtcf/v1/vendors` (docs/consent.md): the subset of the global vendor list the
 * settings panel needs, so the page never downloads or parses the full list itself.
 */
export interface ConsentVendorList {
  gvlVersion: number;
  purposes: { id: number; name: string }[];
  specialFeatures: { id: number; name: string }[];
  vendors: ConsentVendor[];
}
