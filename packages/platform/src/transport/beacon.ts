/**
 * Queues a POST with `navigator.sendBeacon`, the one way a request reliably outlives a page
 * being closed. The body goes as a Blob of `contentType`; for cross-origin endpoints use a
 * CORS-safelisted type such as `text/plain`, since browsers refuse beacons that would need a
 * preflight. The reply is never readable. Returns false when the browser has no beacon or refused it (over its quota), so
 * the caller can fall back to `fetch` with keepalive.
 */
export function sendBeacon(url: string, body: string, contentType = 'application/json'): boolean {
  try {
    // No navigator or no sendBeacon throws here, and counts as a refusal.
    return navigator.sendBeacon(url, new Blob([body], { type: contentType }));
  } catch {
    return false;
  }
}
