import { describe, expect, inject, it } from 'vitest';
import { chromiumForThisFile } from './support/browser.js';

const baseURL = inject('baseURL');
const token = inject('consoleToken');
const browser = chromiumForThisFile();

/** Posts one error as a page would, with a stack whose top frame names a function. */
async function ingest(message: string, functionName: string): Promise<void> {
  const fileName = `${baseURL}/assets/checkout.js`;
  const response = await fetch(`${baseURL}/log/client/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      product: 'console-e2e', reqNo: 1,
      messages: [{
        // Ids are identifiers (letters, digits, . _ : -), not free text: the message's spaces go.
        id: 'm-' + message.replace(/[^\w.:-]+/g, '-'), groupId: 'g-' + message.replace(/[^\w.:-]+/g, '-'), message, contentId: message.length, extraArgs: ['{"fare":129}'],
        level: 4, type: 'uncaught', context: { url: `${baseURL}/flights` }, occurrences: 3, timestamp: Date.now(),
        stackTrace: [`Error: ${message}`, `    at ${functionName} (${fileName}:12:34)`],
        parsedStackTrace: [{ functionName, fileName, lineNo: 12, colNo: 34 }],
        fileName, lineNo: 12, colNo: 34,
      }],
    }),
  });
  expect(response.status).toBe(200);
}

describe('the console', () => {
  it('asks for the token, refuses a wrong one and accepts the right one', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseURL}/console/`);
    const input = page.getByTestId('signin-token');
    await input.fill('not-the-token');
    await input.press('Enter');
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('not accepted');
    await input.fill(token);
    await input.press('Enter');
    await page.getByTestId('log-groups').waitFor();
    await page.close();
  });

  it('signs in from the printed link, lists a new group by itself and shows its stack', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(`${baseURL}/console/#token=${token}`);
    await page.getByTestId('log-groups').waitFor();
    expect(new URL(page.url()).hash).toBe(''); // the token does not stay in the address bar
    const message = `Fare rules failed to load ${Date.now()}`;
    await ingest(message, 'loadFareRules');
    // No reload: the view refreshes itself.
    const row = page.getByTestId('log-group-row').filter({ hasText: message });
    await row.waitFor({ timeout: 10_000 });
    // The message folded 3 occurrences: the last 24 hours count them, with one bar in the trend.
    const inWindow = row.getByTestId('group-window');
    expect(await inWindow.getByTestId('group-window-total').textContent()).toBe('3');
    expect(await inWindow.getByTestId('sparkline').getAttribute('aria-label')).toMatch(/^3 since \d{4}-\d\d-\d\d \d\d:00, per hour$/);
    expect(await inWindow.locator('rect').count()).toBe(1);
    await row.getByRole('button').first().click();
    const detail = page.getByTestId('group-detail');
    await detail.getByText('loadFareRules').first().waitFor();
    expect(await detail.textContent()).toContain('checkout.js');
    // The occurrence chart reads the same rollups: 3 in its (24-hour) window.
    await expect.poll(() => detail.getByTestId('occurrence-total').textContent(), { timeout: 10_000 }).toBe('3 in this window');
    if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/console-logs.png` });
    await page.close();
  });
});
