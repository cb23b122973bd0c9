import { chromium, type Browser } from 'playwright-core';

/** The system Chromium with the flags this sandbox needs, as test/e2e launches it. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

const INGEST_PATHS = ['/log/client/messages', '/s/run/perf', '/a/api/analytics/events', '/a/api/signals', '/i/api/iabtcf/v1/consent'];

/** What the visitor did and what the page's ingest requests got back. */
export interface VisitReport {
  /** Epoch ms just before the page was opened: every row of the visit is received after it. */
  startedAt: number;
  /** `path status` of every ingest reply the browser saw (beacons sent on exit may be missing). */
  replies: string[];
  /** Analytics hits the page produced, as its dataLayer saw them (one entry per hit, with its id). */
  hits: { id: string; event: string; page_path: string }[];
  /**
   * Closes the browser context. Only once what the page sent on exit has arrived: closing the
   * context at once can cancel beacons still on their way.
   */
  close(): Promise<void>;
}

/**
 * One visitor on the demo through the balancer: accepts consent, throws the demo's uncaught
 * error, switches to the Cars tab and back to Flights (analytics page views), then leaves the
 * page, which makes the perf module send its report (on hide) and the queues flush. The caller
 * closes the visit's context once it has seen what it waits for.
 */
export async function visitDemo(browser: Browser, baseUrl: string): Promise<VisitReport> {
  const startedAt = Date.now();
  const context = await browser.newContext();
  const replies: string[] = [];
  let hits: VisitReport['hits'] | undefined;
  context.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (INGEST_PATHS.includes(path) && response.request().method() === 'POST') replies.push(`${path} ${response.status()}`);
  });
  const page = await context.newPage();
  try {
    // The signals collection starts a moment after load and is not resumed after the page is
    // left; the visitor stays until it has been answered.
    const signalsAnswered = page.waitForResponse((r) => new URL(r.url()).pathname === '/a/api/signals' && r.request().method() === 'POST', { timeout: 30_000 });
    signalsAnswered.catch(() => {}); // awaited below; a step failing first must not leave it unhandled
    // ?dev=1 shows the demo's developer tools (the button that throws an uncaught error).
    await page.goto(baseUrl + '/?dev=1');
    await page.getByTestId('consent-banner').waitFor({ timeout: 30_000 });
    await page.getByTestId('consent-accept').click();
    await page.getByTestId('consent-banner').waitFor({ state: 'detached', timeout: 30_000 });
    await page.getByTestId('throw-error').click();
    await page.getByRole('tab', { name: /Cars/ }).click();
    await page.getByRole('tab', { name: /Flights/ }).click();
    await signalsAnswered;
    hits = await page.evaluate(() => (window as unknown as { dataLayer?: VisitReport['hits'] }).dataLayer ?? []);
    // Leaving hides the page: perf reports, analytics and the logger flush what they hold.
    await page.goto('about:blank');
  } catch (error) {
    await context.close();
    throw error;
  }
  // Consent Mode and other tags share the dataLayer; the analytics hits have an id and a page path.
  return {
    startedAt,
    replies,
    hits: (hits ?? []).filter((entry) => typeof entry.id === 'string' && typeof entry.page_path === 'string'),
    close: () => context.close(),
  };
}
