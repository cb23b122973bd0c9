import { httpRequest } from '../transport/index.js';
import { decodeTcString } from './decodeTcString.js';
import type { DecodedTcString } from './decodeTcString.js';
import type { ConsentData } from './types.js';
import type { ConsentVendorList } from './vendorList.js';

/** Consent data that passed the checks of the `update` command, with its decoded TC string. */
export interface CheckedConsent {
  data: ConsentData;
  decoded: DecodedTcString;
}

/**
 * Null unless `value` carries tcString, cmpId, gdprApplies and tcfPolicyVersion of the right
 * types and a TC string that decodes — the `update` command's wrong_tc_data rule, applied to
 * server replies too so a bad reply cannot put the handler in a half-valid state.
 */
export function checkConsentData(value: unknown): CheckedConsent | null {
  const data = value as ConsentData | null;
  if (!data || typeof data !== 'object') return null;
  if (typeof data.tcString !== 'string' || typeof data.cmpId !== 'number') return null;
  if (typeof data.gdprApplies !== 'boolean' || typeof data.tcfPolicyVersion !== 'number') return null;
  const decoded = decodeTcString(data.tcString);
  return decoded && { data, decoded };
}

const headersFor = (token: string) => ({ 'Content-Type': 'application/json', 'X-CSRF': token });

/**
 * `GET {url}` with the JSON content type and the form token in X-CSRF. Rejects on anything but
 * a 2xx reply holding valid consent data. A GET, so it cannot go through the (POST-only)
 * transport; it is one request per page.
 */
export async function fetchConsent(url: string, token: string): Promise<CheckedConsent> {
  const response = await fetch(url, { method: 'GET', headers: headersFor(token), credentials: 'same-origin' });
  if (!response.ok) throw new Error(`status ${response.status}`);
  const checked = checkConsentData(await response.json());
  if (!checked) throw new Error('reply is not consent data');
  return checked;
}

/** POSTs the banner's choices through the shared transport; null when the save failed. */
export async function postConsent(url: string, token: string, choices: unknown): Promise<CheckedConsent | null> {
  const result = await httpRequest({ url, body: JSON.stringify(choices), headers: headersFor(token), credentials: 'same-origin' });
  return result.status >= 200 && result.status < 300 ? checkConsentData(result.body) : null;
}

/** `GET {url}`: the banner's vendor list; rejects on anything but a 2xx reply with a vendor array. */
export async function fetchVendorList(url: string): Promise<ConsentVendorList> {
  const response = await fetch(url, { credentials: 'same-origin' });
  const list = (response.ok ? await response.json() : null) as ConsentVendorList | null;
  if (!Array.isArray(list?.vendors)) throw new Error(`vendor list: status ${response.status}`);
  return list;
}
