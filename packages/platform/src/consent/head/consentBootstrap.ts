import type { ConsentData } from '../types.js';
import type { UsnatData } from '../gpp/index.js';

/** The visitor's privacy regime, decided by the server per page request. */
export type ConsentRegime = 'tcf' | 'usnat' | 'none';

/**
 * The consent data the server renders into the page (`<script type="application/json"
 * id="tarmac-consent">`, before any script): what the consent endpoints would answer this visitor,
 * so the CMP needs no request. Untrusted until checked, like any reply.
 */
export interface ConsentBootstrap {
  regime: ConsentRegime;
  country: string;
  region?: string;
  /** The page request carried `Sec-GPC: 1`. */
  gpc: boolean;
  /** Exactly what `GET /i/api/iabtcf/v1/consent` answers this visitor. */
  tcf: ConsentData;
  /** Only in the 'usnat' regime: what `GET /i/api/gpp/v1/usnat` answers. */
  usnat?: UsnatData;
}

/** The id of the data block; the server writes it, the head script reads it. */
export const CONSENT_BOOTSTRAP_ID = 'tarmac-consent';

/**
 * The page's bootstrap block, parsed: `undefined` when the page has none (the CMP then asks the
 * server as before), `null` when the block is there but is not JSON (refused by the caller like a
 * bad reply), the parsed value otherwise — not yet checked.
 */
export function readConsentBootstrap(doc: Document): unknown {
  const block = doc.getElementById(CONSENT_BOOTSTRAP_ID);
  if (!block || block.getAttribute('type') !== 'application/json') return undefined;
  try {
    return JSON.parse(block.textContent ?? '') as unknown;
  } catch {
    return null;
  }
}
