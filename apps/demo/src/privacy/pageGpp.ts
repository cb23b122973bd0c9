import { installGppApi } from '@tarmac/platform/consent/gpp';
import type { GppHandler } from '@tarmac/platform/consent/gpp';
import type { PagePrivacy } from './pageRegime';

/**
 * Starts `window.__gpp` (the GPP CMP API) from the regime and US choices the server rendered into
 * the page: the US National section for a US visitor, applicableSections [-1] elsewhere
 * (docs/consent.md, "GPP"). Signals 'ready' at once: the page needs no request for it.
 */
export function startPageGpp(privacy: PagePrivacy, logger: { error(message: string, ...extra: unknown[]): void }): GppHandler {
  const gpp = installGppApi({ cmpId: 300, cmpVersion: 1, logger });
  gpp.update(privacy.usnat, privacy.usnat ? 'usnat' : 'none');
  return gpp;
}
