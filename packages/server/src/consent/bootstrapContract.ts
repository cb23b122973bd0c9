import type { ConsentBootstrap as PageConsentBootstrap } from '@tarmac/platform/consent/head';
import type { ConsentData } from './contract.js';
import type { Regime } from './regime.js';
import type { UsnatData } from './usnatContract.js';

/**
 * The page's consent bootstrap (docs/consent.md, "The page's consent bootstrap"): rendered into
 * the site page as a JSON block so the CMP answers before any request of its own. The head
 * script's type, narrowed where the server knows more, so the writer and the reader cannot drift.
 */
export interface ConsentBootstrap extends PageConsentBootstrap {
  regime: Regime;
  /** Exactly what `GET /i/api/iabtcf/v1/consent` answers this visitor now. */
  tcf: ConsentData;
  /** Only in the 'usnat' regime: what `GET /i/api/gpp/v1/usnat` answers. */
  usnat?: UsnatData;
}
