import type { GroupBreadcrumbs, OccurrenceTrail } from '@tarmac/server/contracts';
import { describe, expect, inject, it } from 'vitest';
import { chromiumForThisFile, eventually, openFixture } from './support/browser.js';
import { consoleApi, logGroups } from './support/consoleApi.js';

// Breadcrumbs end to end: @tarmac/platform/breadcrumbs in real Chromium (the built demo and a
// fixture page on the built module), the server parsing the trail, the console's timeline.
const baseURL = inject('baseURL');
const token = inject('consoleToken');
const browser = chromiumForThisFile();

/** The trail of the newest stored occurrence of the group whose message contains `message`, once it has `marker`. */
async function trailOf(message: string, marker: string): Promise<OccurrenceTrail> {
  return eventually(async () => {
    const group = (await logGroups(message))[0];
    if (!group) return undefined;
    const { occurrences } = await consoleApi<GroupBreadcrumbs>(`/logs/groups/${encodeURIComponent(group.groupId)}/breadcrumbs`);
    return occurrences.find((o) => o.breadcrumbs.some((c) => c.message.includes(marker)));
  }, 10_000, `a trail with ${marker}`);
}

describe('breadcrumbs', () => {
  it("shows the clicks on the demo that led to an error in the console's group detail, in order", async () => {
    const page = await browser.newPage();
    await page.goto(baseURL + '/?dev=1');
    await page.getByTestId('consent-reject').click();
    await page.getByTestId('consent-banner').waitFor({ state: 'detached' });
    await page.locator('#tab-hotels').click();
    await page.locator('#tab-cars').click();
    await page.getByTestId('throw-error').click();
    const message = 'Demo: an uncaught error thrown from a timer';
    const trail = await trailOf(message, '#tab-cars');
    const clicks = trail.breadcrumbs.filter((c) => c.category === 'click').map((c) => c.message);
    expect(clicks.slice(-3)).toEqual([
      'button#tab-hotels.tabs__tab "Hotels"',
      'button#tab-cars.tabs__tab "Cars"',
      'button.button.button--ghost "Throw an uncaught error"',
    ]);
    expect(trail.breadcrumbs[0]).toMatchObject({ category: 'navigation', message: '/' });

    const consolePage = await browser.newPage();
    await consolePage.goto(`${baseURL}/console/#token=${token}`);
    await consolePage.getByTestId('log-group-row').filter({ hasText: message }).getByRole('button').first().click();
    const rows = consolePage.getByTestId('group-detail').getByTestId('breadcrumb');
    await rows.filter({ hasText: 'Throw an uncaught error' }).first().waitFor();
    const texts = await rows.allTextContents();
    // Found, and in the order they happened (other steps, such as requests, may come between).
    const lastRowWith = (text: string) => texts.map((row) => row.includes(text)).lastIndexOf(true);
    const order = ['"Reject', '#tab-hotels', '#tab-cars', 'Throw an uncaught error'].map(lastRowWith);
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    await page.close();
    await consolePage.close();
  });

  it('records navigations, console calls, fetch and XHR (no query strings, no e-mails) in a real browser', async () => {
    const page = await browser.newPage();
    await openFixture(page, baseURL, 'breadcrumbs', `
      <button id="pay" class="cta">Pay <b>now</b></button>
      <script type="module">
        import { createLogger } from '/__platform/logger/index.js';
        import { startBreadcrumbs } from '/__platform/breadcrumbs/index.js';
        window.logger = createLogger({ product: 'e2e-crumbs', flushIntervalMs: 200 });
        startBreadcrumbs(window.logger);
        window.ready = true;
      </script>`);
    await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
    await page.locator('#pay b').click();
    await page.evaluate(async () => {
      history.pushState(null, '', '/checkout?card=4111');
      console.warn('card declined for ana.lopez@example.com');
      await fetch('/healthz?probe=1');
      await new Promise((resolve) => {
        const xhr = new XMLHttpRequest();
        xhr.open('POST', '/a/api/no-such-endpoint?x=1');
        xhr.onloadend = resolve;
        xhr.send('{}');
      });
      (window as unknown as { logger: { error(e: Error): void } }).logger.error(new Error('crumbs e2e checkout failed'));
    });
    const trail = await trailOf('crumbs e2e checkout failed', '/checkout');
    expect(trail.breadcrumbs.map(({ category, message, level, status }) => ({ category, message, level, status }))).toEqual([
      { category: 'navigation', message: '/__fixture/breadcrumbs.html', level: undefined, status: undefined },
      { category: 'click', message: 'button#pay.cta "Pay now"', level: undefined, status: undefined },
      { category: 'navigation', message: '/checkout', level: undefined, status: undefined },
      { category: 'console', message: 'card declined for {email}', level: 'warn', status: undefined },
      { category: 'fetch', message: 'GET /healthz', level: undefined, status: 200 },
      { category: 'xhr', message: 'POST /a/api/no-such-endpoint', level: undefined, status: 404 },
    ]);
    await page.close();
  });
});
