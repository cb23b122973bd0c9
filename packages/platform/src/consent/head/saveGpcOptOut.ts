import { httpRequest } from '../../transport/index.js';
import type { ConsentLogger } from '../installConsentApi.js';
import { checkUsnatData } from './usnatData.js';
import type { UsnatData } from '../gpp/index.js';

/** Where a US visitor's choices are saved (contract §3). */
export const USNAT_URL = '/i/api/gpp/v1/usnat';

/**
 * Saves the opt-out Global Privacy Control asks for (every opt-out and `gpc: true`), as the GPP
 * handler requests once when the browser sends GPC and the visitor's stored choice does not say
 * so yet; the stored reply, checked like the page's data, goes to `apply`. False on failure,
 * which is logged: the GPP string already honours GPC, only the stored record is missing.
 */
export async function saveGpcOptOut(token: string | null | undefined, apply: (data: UsnatData) => void, logger: ConsentLogger): Promise<boolean> {
  const body = JSON.stringify({ saleOptOut: true, sharingOptOut: true, targetedAdvertisingOptOut: true, gpc: true });
  const result = await httpRequest({ url: USNAT_URL, body, headers: { 'X-CSRF': token ?? '' }, credentials: 'same-origin' });
  const data = result.status >= 200 && result.status < 300 ? checkUsnatData(result.body) : null;
  if (data) apply(data);
  else logger.error(`Failed to make a request for ${USNAT_URL}`, result.status);
  return !!data;
}
