import type { DropReason, DropSource, DropSummary } from '@tarmac/server/contracts';
import { describe, expect, inject, it } from 'vitest';
import { chromiumForThisFile } from './support/browser.js';
import { consoleApi } from './support/consoleApi.js';

const baseURL = inject('baseURL');
const token = inject('consoleToken');
const browser = chromiumForThisFile();
const unique = (label: string) => `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function post(path: string, body: unknown, contentType = 'application/json'): Promise<void> {
  const response = await fetch(`${baseURL}${path}`, { method: 'POST', headers: { 'content-type': contentType }, body: JSON.stringify(body) });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** Counts per source and reason in the console's default window, as the server sums them. */
async function countsNow(): Promise<Map<string, number>> {
  const { totals } = await consoleApi<DropSummary>('/drops');
  return new Map(totals.map((t) => [`${t.source}/${t.reason}`, t.count]));
}

describe('the Delivery section', () => {
  it('shows what pages reported dropping, per source and reason, once per report', async () => {
    // The server is shared by every e2e file, so expectations are what was there plus what this test adds.
    const before = await countsNow();
    const sent: [DropSource, DropReason, number][] = [
      ['logs', 'queue_full', 40], ['logs', 'retries_exhausted', 3], ['analytics', 'consent', 12], ['analytics', 'oversize', 1],
    ];
    const logBody = {
      product: unique('drops-e2e'), reqNo: 2,
      messages: [{
        id: unique('m'), groupId: unique('g'), message: 'Checkout slow', contentId: 13, extraArgs: [], level: 3, type: 'log',
        context: {}, occurrences: 1, timestamp: Date.now(), stackTrace: [], parsedStackTrace: [],
      }],
      dropped: { id: unique('logs-report'), counts: { queue_full: 40, retries_exhausted: 3 } },
    };
    await post('/log/client/messages', logBody);
    await post('/log/client/messages', logBody); // a retry of the same body: its report counts once
    await post('/a/api/analytics/events', { events: [], dropped: { id: unique('exit-beacon'), counts: { consent: 12, oversize: 1 } } }, 'text/plain;charset=UTF-8');
    const expected = (source: DropSource, reason: DropReason) =>
      (before.get(`${source}/${reason}`) ?? 0) + (sent.find(([s, r]) => s === source && r === reason)?.[2] ?? 0);

    const page = await browser.newPage({ viewport: { width: 1400, height: 1100 } });
    await page.goto(`${baseURL}/console/#token=${token}`);
    await page.getByRole('link', { name: 'Delivery' }).click();
    const table = page.getByTestId('drop-reasons');
    await table.waitFor();

    for (const [, reason] of sent) {
      const row = table.locator(`[data-reason="${reason}"]`);
      expect(Number(await row.getByTestId('drop-count-logs').textContent()), reason).toBe(expected('logs', reason));
      expect(Number(await row.getByTestId('drop-count-analytics').textContent()), reason).toBe(expected('analytics', reason));
    }
    expect(await table.locator('[data-reason="queue_full"]').textContent()).toContain('Queue full');
    expect(await table.locator('[data-reason="consent"]').textContent()).toContain('By design');

    // Each source's chart stacks its reasons: bars drawn, and the legend names them in words.
    const logsChart = page.getByRole('region', { name: 'logs dropped over time' });
    expect(await logsChart.locator('.recharts-bar-rectangle path').count()).toBeGreaterThan(0);
    const legend = await logsChart.locator('.recharts-legend-wrapper').textContent();
    expect(legend).toContain('Queue full');
    expect(legend).toContain('Gave up after retries');
    expect(await page.getByRole('region', { name: 'analytics dropped over time' }).locator('.recharts-legend-wrapper').textContent()).toContain('No consent');
    expect(await page.getByTestId('drop-products').textContent()).toContain(logBody.product);

    await page.screenshot({ path: '/tmp/drops.png', fullPage: true });
    await page.close();
  });

  it('says plainly that nothing was dropped when the window holds no report', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 700 } });
    // The shared server has reports by now, so the reply of an empty window is stood in for.
    await page.route(`${baseURL}/console/api/drops?*`, (route) => {
      const to = Date.now();
      return route.fulfill({ json: { from: to - 86_400_000, to, bucketMs: 3_600_000, totals: [], byProduct: [], buckets: [] } satisfies DropSummary });
    });
    await page.goto(`${baseURL}/console/#/delivery`);
    await page.getByTestId('signin-token').fill(token);
    await page.getByTestId('signin-token').press('Enter');
    const empty = page.getByTestId('drops-empty');
    await empty.waitFor();
    expect(await empty.textContent()).toContain('Nothing was dropped in the last 24 hours');
    expect(await page.getByTestId('drop-reasons').count()).toBe(0);
    await page.screenshot({ path: '/tmp/drops-empty.png' });
    await page.close();
  });
});
