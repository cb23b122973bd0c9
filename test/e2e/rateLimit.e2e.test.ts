import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumForThisFile, eventually, openFixture } from './support/browser.js';
import { freePort } from './support/freePort.js';

// A server of its own with an ingest limit a page reaches in a few requests, so the suite's
// shared server keeps its generous default.
const LIMIT = 3;
const mainJs = new URL('../../packages/server/dist/main.js', import.meta.url).pathname;
const consoleToken = 'rate-limit-e2e-token';
const dataDir = mkdtempSync(join(tmpdir(), 'tarmac-ratelimit-'));
let server: ChildProcess | undefined;
let baseURL = '';

beforeAll(async () => {
  const port = await freePort();
  baseURL = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, [mainJs], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, CONSOLE_TOKEN: consoleToken, RATE_LIMIT_INGEST: String(LIMIT) },
    stdio: 'ignore',
  });
  await eventually(() => fetch(`${baseURL}/healthz`).then((r) => (r.ok ? true : undefined), () => undefined), 20_000, 'the rate-limited server');
});

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exit = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await exit;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

const browser = chromiumForThisFile();

async function storedMessages(q: string): Promise<string[]> {
  const response = await fetch(`${baseURL}/console/api/logs/groups?limit=50&q=${encodeURIComponent(q)}`, { headers: { authorization: `Bearer ${consoleToken}` } });
  const { groups } = (await response.json()) as { groups: { message: string }[] };
  return groups.map((group) => group.message).sort();
}

interface Exchange {
  sentAt: number;
  status: number;
  retryAfter: number | undefined;
  body: string;
}

describe('a rate-limited page', () => {
  it('keeps a batch refused with 429 and Retry-After over 30 s, and delivers it once that time has passed', { timeout: 150_000 }, async () => {
    const page = await browser.newPage();
    const endpoint = `${baseURL}/log/client/messages`;
    const exchanges: Exchange[] = [];
    page.on('requestfinished', (request) => {
      if (request.url() !== endpoint) return;
      void request.response().then(async (response) => {
        if (!response) return;
        const retryAfter = response.headers()['retry-after'];
        exchanges.push({ sentAt: request.timing().startTime, status: response.status(), retryAfter: retryAfter === undefined ? undefined : Number(retryAfter), body: await response.text() });
      });
    });
    await openFixture(page, baseURL, 'rate-limit', `
      <script type="module">
        import { createLogger } from '/__platform/logger/index.js';
        window.logger = createLogger({ product: 'e2e-rate', flushIntervalMs: 200 });
        window.loggerReady = true;
      </script>`);
    await page.waitForFunction(() => (window as unknown as { loggerReady?: boolean }).loggerReady === true);

    const run = `rate ${Date.now().toString(36)}`;
    // Words, not numbers: the logger groups messages that differ only in their numbers.
    const messages = ['alpha', 'bravo', 'charlie', 'delta'].slice(0, LIMIT + 1).map((word) => `${run} batch ${word}`);
    // One message, one batch: the next is logged once the previous one has had its reply.
    for (const [i, message] of messages.entries()) {
      await page.evaluate((m) => (window as unknown as { logger: { warn(m: string): void } }).logger.warn(m), message);
      await eventually(async () => (exchanges.length === i + 1 ? true : undefined), 5000, `the reply to batch ${i}`);
    }

    // The server really refused the last batch, for longer than the transport's own backoff cap.
    expect(exchanges.slice(0, LIMIT).map((e) => e.status)).toEqual(Array(LIMIT).fill(200));
    const refused = exchanges[LIMIT]!;
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toMatchObject({ statusCode: 429, code: 'TARMAC_RATE_LIMITED' });
    expect(refused.retryAfter).toBeGreaterThan(30);
    expect(await storedMessages(run)).toEqual(messages.slice(0, LIMIT).sort());

    // The page kept the batch and sends it again once Retry-After has passed, not before.
    const waitMs = refused.retryAfter! * 1000;
    await eventually(async () => ((await storedMessages(run)).length === LIMIT + 1 ? true : undefined), waitMs + 20_000, 'the refused batch to arrive');
    expect(await storedMessages(run)).toEqual([...messages].sort());
    // A committed batch is readable a moment before its reply (which waits for the WAL sync) has
    // reached the page and been recorded here.
    await eventually(async () => (exchanges.length > LIMIT + 1 ? true : undefined), 5000, 'the reply to the resent batch');
    const resent = exchanges.slice(LIMIT + 1);
    expect(resent.map((e) => e.status)).toEqual([200]);
    expect(resent[0]!.sentAt - refused.sentAt).toBeGreaterThanOrEqual(waitMs - 1000);
    await page.close();
  });
});
