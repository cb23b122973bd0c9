// The US National section (GPP section id 7, prefix "usnat", version 2) from a visitor's choices.
// Which value each field gets, and why, is explained in docs/consent.md ("GPP").
import { base64Url, fixedInt } from './bits.js';

/** A US visitor's choices as the server answers them (GET/POST /i/api/gpp/v1/usnat). */
export interface UsnatData {
  /** The visitor (or their browser's GPC) has made a choice. */
  decided: boolean;
  saleOptOut: boolean;
  sharingOptOut: boolean;
  targetedAdvertisingOptOut: boolean;
  /** Global Privacy Control was seen: on the request now, or stored with the choice. */
  gpc: boolean;
  /** Epoch ms of the stored choice, null before any. */
  updatedAt: number | null;
}

/**
 * How the publisher stands towards the IAB Multi-State Privacy Agreement: `'notCovered'` (not a
 * signatory, or not a covered transaction; the default) or `'optOutOption'` (a signatory whose
 * covered transactions run in Opt-Out Option Mode). Service Provider Mode is not offered: it
 * means no sale, sharing or targeted advertising at all, which is not what this site does.
 */
export type MspaMode = 'notCovered' | 'optOutOption';

/** The usnat core subsection, field names and order as the section's specification gives them. */
export interface UsnatCore {
  Version: number;
  SharingNotice: number;
  SaleOptOutNotice: number;
  SharingOptOutNotice: number;
  TargetedAdvertisingOptOutNotice: number;
  SensitiveDataProcessingOptOutNotice: number;
  SensitiveDataLimitUseNotice: number;
  SaleOptOut: number;
  SharingOptOut: number;
  TargetedAdvertisingOptOut: number;
  SensitiveDataProcessing: number[];
  KnownChildSensitiveDataConsents: number[];
  PersonalDataConsents: number;
  MspaCoveredTransaction: number;
  MspaOptOutOptionMode: number;
  MspaServiceProviderMode: number;
}

/** The usnat GPC subsection (subsection type 1). */
export interface UsnatGpc {
  SubsectionType: 1;
  Gpc: boolean;
}

/** The parsed usnat section as `getSection('usnat')` returns it: one object per subsection. */
export type UsnatSection = [UsnatCore, UsnatGpc];

/** GPP section id and API prefix of the US National section. */
export const USNAT_ID = 7;
export const USNAT = 'usnat';

const PROVIDED = 1;
const NOT_APPLICABLE = 0;
// Only a literal true opts out: the data comes over the wire and is not trusted for its types.
const optOut = (optedOut: unknown) => (optedOut === true ? 1 : 2);

/**
 * The usnat fields for `data`: the notices of sharing, sale, sharing and targeted-advertising
 * opt-outs are provided (the privacy notice and the "Your Privacy Choices" dialog give them);
 * sensitive data, known children and secondary-use consent are not applicable (the site processes
 * none for advertising); an opt-out is 1, its absence 2 ("did not opt out"). No data (a US
 * visitor whose choices could not be read) is a visitor who has not opted out.
 */
export function usnatSection(data: Partial<UsnatData> | null, mspa: MspaMode = 'notCovered'): UsnatSection {
  const { saleOptOut, sharingOptOut, targetedAdvertisingOptOut, gpc } = data ?? ({} as Partial<UsnatData>);
  const covered = mspa === 'optOutOption';
  return [
    {
      Version: 2,
      SharingNotice: PROVIDED,
      SaleOptOutNotice: PROVIDED,
      SharingOptOutNotice: PROVIDED,
      TargetedAdvertisingOptOutNotice: PROVIDED,
      SensitiveDataProcessingOptOutNotice: NOT_APPLICABLE,
      SensitiveDataLimitUseNotice: NOT_APPLICABLE,
      SaleOptOut: optOut(saleOptOut),
      SharingOptOut: optOut(sharingOptOut),
      TargetedAdvertisingOptOut: optOut(targetedAdvertisingOptOut),
      SensitiveDataProcessing: new Array<number>(16).fill(NOT_APPLICABLE),
      KnownChildSensitiveDataConsents: [NOT_APPLICABLE, NOT_APPLICABLE, NOT_APPLICABLE],
      PersonalDataConsents: NOT_APPLICABLE,
      // 1 yes / 2 no; the two modes are 0 (not applicable) outside a covered transaction.
      MspaCoveredTransaction: covered ? 1 : 2,
      MspaOptOutOptionMode: covered ? 1 : NOT_APPLICABLE,
      MspaServiceProviderMode: covered ? 2 : NOT_APPLICABLE,
    },
    { SubsectionType: 1, Gpc: gpc === true },
  ];
}

/**
 * Encodes a parsed usnat section: the core (Version in 6 bits, every other field and list item
 * in 2) and the GPC subsection (type in 2 bits, Gpc in 1), joined by ".".
 */
export function encodeUsnatSection([core, gpc]: UsnatSection): string {
  let bits = '';
  for (const value of Object.values(core) as (number | number[])[]) {
    bits += Array.isArray(value) ? value.map((item) => fixedInt(item, 2)).join('') : fixedInt(value, bits ? 2 : 6);
  }
  return base64Url(bits) + '.' + base64Url(fixedInt(gpc.SubsectionType, 2) + (gpc.Gpc ? '1' : '0'));
}

/** The encoded usnat section (core + GPC subsection) for a visitor's choices. Pure; runs in Node. */
export const encodeUsnat = (data: Partial<UsnatData> | null, mspa?: MspaMode): string => encodeUsnatSection(usnatSection(data, mspa));
