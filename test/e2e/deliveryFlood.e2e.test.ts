import { describe, expect, inject, it } from 'vitest';
import type { DropSummary } from '@tarmac/server/contracts';
import { chromiumForThisFile, eventually, openFixture } from './support/browser.js';
import { consoleApi, logGroups } from './support/consoleApi.js';

const baseURL = inject('baseURL');
const endpoint = `${baseURL}/log/client/messages`;
const browser = chromiumForThisFile();

const CALLS = 10_000;
const DISTINCT = 100;
const OUTAGE_MS = 20_000;
// Each distinct message carries this much text, so the 100 of them outgrow the queue's 60 KB cap
// in every engine: a stack's length differs between engines (WebKit's are short), the text not.
const DETAIL = ' while the outage lasted'.repeat(30);

describe('logger delivery through an outage', () => {
  it('accounts for every call: occurrences stored plus drops reported equal 10,000 exactly', { timeout: 150_000 }, async () => {
    const tag = `flood${Date.now().toString(36)}`;
    const page = await browser.newPage();
    // The endpoint answers 503 for 20 s, then the real server answers again.
    let recoverAt = Infinity;
    let refused = 0;
    await page.route(endpoint, (route) => {
      if (Date.now() < recoverAt) {
        refused++;
        return route.fulfill({ status: 503, body: '{}', contentType: 'application/json' });
      }
      return route.continue();
    });
    await openFixture(page, baseURL, 'flood', `
      <script type="module">
        import { createLogger } from '/__platform/logger/index.js';
        window.logger = createLogger({ product: '${tag}' });
        window.loggerReady = true;
      </script>`);
    await page.waitForFunction(() => (window as unknown as { loggerReady?: boolean }).loggerReady === true);
    recoverAt = Date.now() + OUTAGE_MS;

    // 500 calls a second over the outage, each one of 100 distinct errors (with a stack).
    await page.evaluate(
      async ({ calls, distinct, seconds, tag, detail }) => {
        const logger = (window as unknown as { logger: { error(e: unknown): void } }).logger;
        const perSecond = calls / seconds;
        for (let second = 0; second < seconds; second++) {
          for (let i = 0; i < perSecond; i++) logger.error(new Error(`${tag} fare ${(second * perSecond + i) % distinct} could not be priced${detail}`));
          await new Promise((resolve) => setTimeout(resolve, 1000));
        }
      },
      { calls: CALLS, distinct: DISTINCT, seconds: OUTAGE_MS / 1000, tag, detail: DETAIL },
    );
    expect(refused).toBeGreaterThan(0);

    // After recovery the queue and the counts drain; the exit beacon carries the last counts.
    const stored = async () => (await logGroups(tag)).reduce((sum, group) => sum + group.count, 0);
    const dropped = async () => {
      const { byProduct } = await consoleApi<DropSummary>('/drops');
      return byProduct.filter((row) => row.product === tag);
    };
    await eventually(async () => ((await stored()) > 0 ? true : undefined), 60_000, 'the first stored messages after recovery');
    await page.waitForTimeout(3000);
    await page.evaluate(() => (window as unknown as { logger: { flush(): Promise<void> } }).logger.flush());
    await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
    const total = async () => (await stored()) + (await dropped()).reduce((sum, row) => sum + row.count, 0);
    await eventually(async () => ((await total()) >= CALLS ? true : undefined), 20_000, `${CALLS} calls accounted for`).catch(() => undefined);

    const reasons = Object.fromEntries((await dropped()).map((row) => [row.reason, row.count]));
    const outcome = { stored: await stored(), dropped: reasons, total: await total() };
    console.log('flood outcome', JSON.stringify(outcome));
    expect(outcome).toMatchObject({ total: CALLS });
    // The outage really cost something: the first batch failed all five attempts within the
    // 20 s (at most 1+1+2+4+8 s), and the queue's cap pushed out the oldest under the flood.
    expect(reasons.retries_exhausted).toBeGreaterThan(0);
    expect(reasons.queue_full).toBeGreaterThan(0);
    expect(await stored()).toBeGreaterThan(0);
    // The console shows the drops: the Delivery section lists this product's reasons.
    await page.unrouteAll();
    await page.goto(`${baseURL}/console/#token=${inject('consoleToken')}`);
    await page.getByRole('link', { name: 'Delivery' }).click();
    await page.getByText(tag).first().waitFor();
    await page.close();
  });
});
