/** True for a 2xx status; 0 (no reply) and every other status are failures. */
export const isOk = (status: number): boolean => status >= 200 && status < 300;

/**
 * POSTs one urlencoded form the way the spec asks of signal uploads: same-origin credentials (the
 * session cookie proves the token) and `X-Requested-With`, which a cross-site form cannot send.
 * Resolves with the status, 0 when there was no reply; never rejects.
 *
 * Why not the shared transport's `httpRequest`: this is one request whose status decides what
 * follows, with no queue, retry, beacon or reply body, and httpRequest's JSON parsing would
 * cost the collector ~290 of its 3000 gzip bytes (docs/signals.md, Size).
 */
export async function postForm(url: string, fields: Record<string, string>): Promise<number> {
  try {
    const init: RequestInit = {
      method: 'POST',
      body: new URLSearchParams(fields),
      credentials: 'same-origin',
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    };
    return (await fetch(url, init)).status;
  } catch {
    return 0;
  }
}
