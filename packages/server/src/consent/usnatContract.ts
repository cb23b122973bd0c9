// The US choices contract (docs/consent.md, "US choices"): what `GET`/`POST /i/api/gpp/v1/usnat`
// answer and accept, and what the store keeps. The GPP string itself is encoded in the browser
// (platform consent/gpp) from UsnatData.

import type { UsnatData } from '@tarmac/platform/consent/gpp';

/**
 * What both US endpoints answer, and what the page's consent bootstrap carries for a US visitor:
 * the platform's own type (consent/gpp encodes the GPP string from it), so the two cannot drift.
 */
export type { UsnatData };

/** `POST /i/api/gpp/v1/usnat` body, as its schema admits it. */
export interface UsnatChoicesBody {
  saleOptOut: boolean;
  sharingOptOut: boolean;
  targetedAdvertisingOptOut: boolean;
  /** The page saw `navigator.globalPrivacyControl === true`. */
  gpc?: boolean;
  language?: 'en' | 'es';
}

/** One saved US choice, as stored: who, when, what, and where the request came from. */
export interface NewUsnatChoice {
  visitorId: string;
  createdAt: number;
  saleOptOut: boolean;
  sharingOptOut: boolean;
  targetedAdvertisingOptOut: boolean;
  gpc: boolean;
  /** ISO 3166-1 alpha-2 country of the request (from the geo header or the default). */
  country: string;
  region: string | null;
  language: string | null;
  userAgent: string | null;
}

/**
 * The strict JSON schema of the POST body. `propertyNames` refuses an unknown field outright:
 * the server's Ajv removes what `additionalProperties: false` forbids instead of failing, and a
 * field the client thinks it sent (a sensitive-data opt-out, say) must not vanish unnoticed.
 */
export const usnatChoicesSchema = {
  type: 'object',
  required: ['saleOptOut', 'sharingOptOut', 'targetedAdvertisingOptOut'],
  propertyNames: { enum: ['saleOptOut', 'sharingOptOut', 'targetedAdvertisingOptOut', 'gpc', 'language'] },
  additionalProperties: false,
  properties: {
    saleOptOut: { type: 'boolean' },
    sharingOptOut: { type: 'boolean' },
    targetedAdvertisingOptOut: { type: 'boolean' },
    gpc: { type: 'boolean' },
    language: { type: 'string', enum: ['en', 'es'] },
  },
} as const;

/** The reply schema: exactly the six fields, nothing stored besides leaks out. */
export const usnatDataSchema = {
  type: 'object',
  required: ['decided', 'saleOptOut', 'sharingOptOut', 'targetedAdvertisingOptOut', 'gpc', 'updatedAt'],
  additionalProperties: false,
  properties: {
    decided: { type: 'boolean' },
    saleOptOut: { type: 'boolean' },
    sharingOptOut: { type: 'boolean' },
    targetedAdvertisingOptOut: { type: 'boolean' },
    gpc: { type: 'boolean' },
    updatedAt: { type: ['integer', 'null'] },
  },
} as const;
