import type { Page } from 'playwright-core';

/**
 * The performance reports a page sends (`POST /s/run/perf`), read in every engine.
 *
 * Playwright reads a beacon's body only in Chromium (and only when the request is routed);
 * over WebDriver BiDi (Firefox) it reports no request bodies. So the page records each body it
 * hands to `navigator.sendBeacon` for the perf endpoint, and only a beacon the browser accepted
 * (sendBeacon returned true, i.e. queued for delivery) counts as sent. Tests that need to know
 * the server took a report still ask the console API for the stored one.
 *
 * API: `await recordPerfReports(page)` before the page's first navigation, then
 * `await sentPerfReports(page)` for the reports the current document sent so far, in order
 * (a new document starts an empty record).
 */
export async function recordPerfReports(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record: Promise<string>[] = [];
    (window as unknown as { tarmacPerfReports: Promise<string>[] }).tarmacPerfReports = record;
    const send = Navigator.prototype.sendBeacon;
    Navigator.prototype.sendBeacon = function (this: Navigator, url: string | URL, data?: BodyInit | null) {
      const queued = send.call(this, url, data);
      if (queued && new URL(url, location.href).pathname === '/s/run/perf') {
        // The platform sends a Blob; strings and URLSearchParams are read too, to be safe.
        record.push(data instanceof Blob ? data.text() : Promise.resolve(String(data ?? '')));
      }
      return queued;
    };
  });
}

/** The bodies of the perf reports the page's current document has sent, as forms, in order. */
export async function sentPerfReports(page: Page): Promise<URLSearchParams[]> {
  const bodies = await page.evaluate(() => Promise.all((window as unknown as { tarmacPerfReports?: Promise<string>[] }).tarmacPerfReports ?? []));
  return bodies.map((body) => new URLSearchParams(body));
}
