import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { injectAxe } from './support/axe.js';
import { chromiumForThisFile } from './support/browser.js';
import { seedConsoleData } from './consoleSeed.js';

// Issue 13, console half: every console view, with data in it, passes axe-core without serious
// or critical findings; tables fit at 1280 px and chart labels are drawn whole; the occurrences
// table is reachable and scrollable by keyboard; paths read decoded; the first screen is small.

const baseURL = inject('baseURL');
const token = inject('consoleToken');
const browser = chromiumForThisFile();
const HOUR = 3_600_000;

let seeded: Awaited<ReturnType<typeof seedConsoleData>>;
beforeAll(async () => {
  seeded = await seedConsoleData(baseURL, token, browser);
});

/**
 * A signed-in console page. The console's CSP refuses inline scripts, which is how axe is put in
 * the page, so this context bypasses CSP (the CSP itself is proven in securityHeaders.e2e).
 * `nowMs` moves the page's clock (Date.now) so a chart's newest bucket falls on a round tick.
 */
async function consolePage(width: number, options: { nowMs?: number; hash?: string } = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true, timezoneId: 'UTC' });
  if (options.nowMs !== undefined) {
    await context.addInitScript((offset: number) => {
      const realNow = Date.now.bind(Date);
      Date.now = () => realNow() + offset;
    }, options.nowMs - Date.now());
  }
  const page = await context.newPage();
  await page.goto(`${baseURL}/console/#token=${token}`);
  await page.getByTestId('log-groups').waitFor();
  if (options.hash) await page.evaluate((hash) => (location.hash = hash), options.hash);
  return page;
}

/** axe-core's serious and critical findings on the page as it is now, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  await injectAxe(page, baseURL);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] }> } }).axe;
    const { violations } = await axe.run();
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.map((n) => `${v.impact} ${v.id}: ${n.target.join(' ')}`));
  });
}

/** Tables wider than their wrapper (cut off at the right) and chart texts outside their SVG. */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    for (const wrap of document.querySelectorAll<HTMLElement>('.table-wrap')) {
      if (wrap.scrollWidth > wrap.clientWidth + 1) problems.push(`table wider than its panel: ${wrap.getAttribute('aria-label') ?? wrap.querySelector('table')?.dataset.testid ?? '?'} (${wrap.scrollWidth} > ${wrap.clientWidth})`);
    }
    for (const svg of document.querySelectorAll<SVGSVGElement>('svg.recharts-surface')) {
      const box = svg.getBoundingClientRect();
      for (const text of svg.querySelectorAll('text')) {
        const r = text.getBoundingClientRect();
        if (r.width === 0 || !text.textContent) continue;
        if (r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1) {
          problems.push(`chart label cut off: "${text.textContent}" (${Math.round(r.left)}–${Math.round(r.right)} in ${Math.round(box.left)}–${Math.round(box.right)})`);
        }
      }
    }
    return problems;
  });
}

/** Opens a section from the navigation and waits for what shows its data has arrived. */
async function openSection(page: Page, label: string, content: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: label, exact: true }).click();
  await page.locator('a[aria-current="page"]', { hasText: label }).waitFor();
  await page.locator(content).first().waitFor();
  // Charts measure their container once mounted: let them draw before anything is measured.
  await page.waitForTimeout(300);
}

describe('the console, with data in every section', () => {
  it('loads only the shell before sign-in: initial JavaScript within 120 KB compressed, no chart code', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts: Promise<{ url: string; encoded: number }>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push((async () => ({ url: new URL(response.url()).pathname, encoded: (await response.request().sizes()).responseBodySize }))());
    });
    await page.goto(`${baseURL}/console/`);
    await page.getByTestId('signin-token').waitFor();
    await page.waitForLoadState('networkidle');
    const received = await Promise.all(scripts);
    const total = received.reduce((sum, s) => sum + s.encoded, 0);
    console.log(`console sign-in JavaScript over the wire: ${(total / 1000).toFixed(1)} KB in ${received.length} script(s)`);
    expect(received.length).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(120_000);
    expect(received.map((s) => s.url).filter((url) => /charts|View-/.test(url))).toEqual([]);
    await context.close();
  });

  it('passes axe on the sign-in page', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    await page.goto(`${baseURL}/console/`);
    await page.getByTestId('signin-token').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  for (const width of [1280, 1440]) {
    it(`passes axe on every view at ${width} px, tables fit and chart labels are whole`, async () => {
      const page = await consolePage(width);
      const found: Record<string, string[]> = {};
      const check = async (view: string) => {
        const problems = [...(await seriousViolations(page)), ...(await layoutProblems(page))];
        if (problems.length) found[view] = problems;
      };

      await page.getByTestId('log-group-row').filter({ hasText: seeded.errorMessage }).getByRole('button').first().click();
      await page.getByTestId('group-detail').getByTestId('occurrences').waitFor();
      await page.getByTestId('group-detail').getByTestId('breadcrumb').first().waitFor();
      await page.waitForTimeout(300);
      await check('logs with a group open');
      if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/console-logs-${width}.png`, fullPage: true });
      await page.getByRole('button', { name: 'Log settings' }).click();
      await page.getByRole('heading', { name: 'Log settings' }).waitFor();
      await check('logs with the settings open');

      await openSection(page, 'Releases', '[data-testid="release-row"]');
      await page.getByTestId('release-row').filter({ hasText: seeded.release }).getByRole('button').click();
      await page.getByTestId('release-new').waitFor();
      await check('releases with one open');

      await openSection(page, 'Alerts', '[data-testid="alert-rule"]');
      await check('alerts');
      await page.getByRole('button', { name: 'New rule' }).click();
      await page.getByRole('form', { name: 'New alert rule' }).waitFor();
      await check('alerts with the rule form open');

      await openSection(page, 'Web vitals', '[data-testid="vitals-pages"] tbody tr button');
      await check('web vitals');
      await page.getByTestId('vitals-fix').first().click();
      await page.getByTestId('what-to-fix').locator('article, [data-testid="fix-none"]').first().waitFor();
      await check('what to fix');
      await page.getByRole('button', { name: 'Back to all vitals' }).click();
      await page.getByTestId('vitals-pages').waitFor();
      await openSection(page, 'Analytics', '[data-testid="top-pageViews"] tbody tr');
      await check('analytics');
      await openSection(page, 'Consent', '[data-testid="consent-totals"]');
      await check('consent');
      await openSection(page, 'Signals', '[data-testid="signals-totals"]');
      await check('signals');
      await openSection(page, 'Delivery', '[data-testid="drop-reasons"]');
      await check('delivery');

      if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/console-delivery-${width}.png`, fullPage: true });
      expect(found).toEqual({});
      await page.context().close();
    });
  }

  it('reaches the occurrences table by keyboard and scrolls it with the arrow keys on a narrow screen', async () => {
    const page = await consolePage(390);
    await page.getByTestId('log-group-row').filter({ hasText: seeded.errorMessage }).getByRole('button').first().click();
    const detail = page.getByTestId('group-detail');
    await detail.getByTestId('occurrences').waitFor();
    await detail.getByRole('button', { name: 'Close detail' }).focus();
    let reached = false;
    for (let i = 0; i < 80 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') === 'Recent occurrences');
    }
    expect(reached, 'Tab never reached the "Recent occurrences" region').toBe(true);
    const region = page.getByRole('region', { name: 'Recent occurrences' });
    expect(await region.evaluate((el) => el.querySelector('[data-testid="occurrences"]') !== null)).toBe(true);
    expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
    await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await page.context().close();
  });

  it('shows analytics paths decoded, a malformed escape as it was sent', async () => {
    const page = await consolePage(1280, { hash: '#/analytics' });
    const paths = page.getByTestId('top-pageViews');
    await paths.getByText(seeded.arrowPathShown, { exact: true }).waitFor();
    const text = await paths.textContent();
    expect(text).not.toContain('%E2%86%92');
    expect(text).toContain(seeded.malformedPathShown);
    // The exact stored path stays a hover away.
    expect(await paths.getByText(seeded.arrowPathShown, { exact: true }).getAttribute('title')).toBe(seeded.arrowPath);
    await page.context().close();
  });

  it('draws the newest tick label of a timeline whole when it falls on the last bucket', async () => {
    // The page's clock five minutes past a six-hour boundary (UTC): the 24-hour timeline puts a
    // tick on its newest, hourly bucket, at the right edge of the plot.
    const nowMs = Math.ceil(Date.now() / (6 * HOUR)) * 6 * HOUR + 5 * 60_000;
    const page = await consolePage(1280, { nowMs, hash: '#/analytics' });
    const timeline = page.getByRole('region', { name: 'Page views and events over time' });
    await timeline.locator('.recharts-bar-rectangle path').first().waitFor();
    // The time ticks (the value axis' ticks are plain numbers), the rightmost one last.
    const ticks = await timeline.locator('.recharts-cartesian-axis-tick-value').evaluateAll((texts) =>
      texts
        .filter((t) => /\d\d:\d\d$/.test(t.textContent ?? ''))
        .map((t) => ({ text: t.textContent ?? '', right: t.getBoundingClientRect().right }))
        .sort((a, b) => a.right - b.right),
    );
    const svgRight = await timeline.locator('.recharts-wrapper > svg').first().evaluate((el) => el.getBoundingClientRect().right);
    const hour = String(new Date(nowMs).getUTCHours()).padStart(2, '0');
    expect(ticks.at(-1)?.text).toMatch(new RegExp(`${hour}:00$`));
    expect(ticks.at(-1)?.right).toBeLessThanOrEqual(svgRight);
    await page.context().close();
  });
});
