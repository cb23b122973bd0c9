/**
 * Queues a POST with `navigator.sendBeacon`, the one way a request reliably outlives a page
 * being closed. A `text/plain` body goes as a plain string (no CORS preflight, so it also works
 * cross-origin); any other content type goes as a Blob of that type. The reply is never
 * readable. Returns false when the browser has no beacon or refused it (over its quota), so
 * the caller can fall back to `fetch` with keepalive.
 */
export function sendBeacon(url: string, body: string, contentType = 'application/json'): boolean {
  try {
    if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return false;
    const data = /^text\/plain/i.test(contentType) ? body : new Blob([body], { type: contentType });
    return navigator.sendBeacon(url, data);
  } catch {
    return false;
  }
}
