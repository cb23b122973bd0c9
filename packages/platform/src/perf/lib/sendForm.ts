import { httpRequest } from '../../transport/httpRequest.js';
import { sendBeacon } from '../../transport/beacon.js';

const FORM = 'application/x-www-form-urlencoded';

/**
 * POSTs one form-encoded report through the shared transport's senders: by beacon, which
 * outlives the page, else by `httpRequest` (fetch with keepalive): it stands in for the spec's
 * "otherwise XHR", since a plain XHR would be cancelled by the page going away. Empty values
 * are left out.
 */
export function sendForm(url: string, fields: Record<string, string | number | undefined>): void {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined && value !== '') form.append(name, String(value));
  const body = form.toString();
  if (!sendBeacon(url, body, FORM)) void httpRequest({ url, body, contentType: FORM });
}
