// The consent wire contract on the server side (docs/consent.md is the reference).

/** The banner's three answers; 'custom' comes from the settings panel. */
export type ConsentChoiceKind = 'accept_all' | 'reject_all' | 'custom';
/** Every kind, in the order the console shows them. */
export const CHOICE_KINDS: readonly ConsentChoiceKind[] = ['accept_all', 'reject_all', 'custom'];

/** `POST /i/api/iabtcf/v1/consent` body. */
export interface ConsentChoicesBody {
  choice: ConsentChoiceKind;
  purposes?: number[];
  specialFeatures?: number[];
  vendors?: number[];
  language?: 'en' | 'es';
}

/** What both consent endpoints answer; `showUi` tells the page to ask the visitor. */
export interface ConsentData {
  tcString: string;
  cmpId: number;
  cmpVersion: number;
  gdprApplies: boolean;
  tcfPolicyVersion: number;
  gvlVersion: number;
  showUi: boolean;
}

/** `GET /i/api/iabtcf/v1/vendors`: what the banner's settings panel lists. */
export interface ConsentVendorList {
  gvlVersion: number;
  purposes: { id: number; name: string }[];
  specialFeatures: { id: number; name: string }[];
  vendors: {
    id: number;
    name: string;
    purposes: number[];
    legIntPurposes: number[];
    specialFeatures: number[];
    policyUrl?: string;
  }[];
}

/** One UTC day of the console's consent chart: each visitor counted once, by their last choice that day. */
export interface ConsentDay {
  day: string;
  visitors: number;
  choices: Record<ConsentChoiceKind, number>;
  /** Purpose id → visitors who consented to it. */
  purposes: Record<number, number>;
}

/** `GET /console/api/consent/summary` reply. */
export interface ConsentSummary {
  days: ConsentDay[];
  purposes: { id: number; name: string }[];
}
