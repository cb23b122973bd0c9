/**
 * Queues a POST with `navigator.sendBeacon`, the one way a request reliably outlives a page
 * being closed. A `text/plain` body goes as a plain string (no CORS preflight, so it also works
 * cross-origin); any other content type goes as a Blob of that type. The reply is never
 * readable. Returns false when the browser has no beacon or refused it (over its quota), so
 * the caller can fall back to `fetch` with keepalive.
 */
export function sendBeacon(url: string, body: string, contentType = 'application/json'): boolean {
  try {
    // No navigator or no sendBeacon throws here, and counts as a refusal.
    return navigator.sendBeacon(url, /^text\/plain/i.test(contentType) ? body : new Blob([body], { type: contentType }));
  } catch {
    return false;
  }
}
