import type { ConsentChoiceKind, ReconsentReason } from './contract.js';

/** One saved banner choice, as stored: when, what, and the TC string it produced. */
export interface NewConsentChoice {
  visitorId: string;
  createdAt: number;
  choice: ConsentChoiceKind;
  tcString: string;
  gvlVersion: number;
  policyVersion: number;
  language: string | null;
  userAgent: string | null;
  purposes: number[];
  specialFeatures: number[];
  vendors: number[];
  /** Right to object: the purposes and vendors whose legitimate interest the visitor refused. */
  objectedPurposes: number[];
  objectedVendors: number[];
  /** The site's vendors the banner disclosed; null for choices stored before this was recorded. */
  disclosedVendors: number[] | null;
  /** Why the visitor was asked again, when this choice answers a re-consent prompt; else null. */
  reconsentReason: ReconsentReason | null;
  /**
   * The country the choice was made from (ISO 3166-1 alpha-2); null (as stores read it back) or
   * absent for choices stored before it was recorded.
   */
  country?: string | null;
}
