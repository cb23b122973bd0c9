import { request as httpRequest } from 'node:http';
import { describe, expect, inject, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { chromiumForThisFile, eventually, openFixture, seesRequestsDuringUnload, userAgentMark } from './support/browser.js';
import { consoleApi, logGroups } from './support/consoleApi.js';

const baseURL = inject('baseURL');
const endpoint = `${baseURL}/log/client/messages`;
const browser = chromiumForThisFile();

/** A page on the server's origin with a logger from the built platform package on `window.logger`. */
async function loggerPage(flushIntervalMs: number): Promise<{ page: Page; logRequests: Request[] }> {
  const page = await browser.newPage();
  const logRequests: Request[] = [];
  page.on('request', (request) => {
    if (request.url() === endpoint) logRequests.push(request);
  });
  await openFixture(page, baseURL, 'logger', `
    <script>
      // Counts beacons in localStorage, which outlives the page, so a test can tell how a message
      // left after the page is gone (DevTools sees no request made during unload).
      const realBeacon = navigator.sendBeacon.bind(navigator);
      navigator.sendBeacon = (url, data) => {
        if (String(url).endsWith('/log/client/messages')) localStorage.setItem('beacons', String(Number(localStorage.getItem('beacons') || 0) + 1));
        return realBeacon(url, data);
      };
    </script>
    <script type="module">
      import { createLogger, captureGlobalErrors } from '/__platform/logger/index.js';
      window.logger = createLogger({ product: 'e2e', flushIntervalMs: ${flushIntervalMs} });
      captureGlobalErrors(window.logger);
      window.loggerReady = true;
    </script>`);
  await page.waitForFunction(() => (window as unknown as { loggerReady?: boolean }).loggerReady === true);
  return { page, logRequests };
}

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

/** A JSON POST that declares `length` bytes and sends none of them: the reply to its headers alone. */
function postDeclaringLength(url: string, length: number): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(length) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, text });
        req.destroy();
      });
    });
    req.on('error', reject);
    req.flushHeaders();
  });
}

describe('client logging end to end', () => {
  it('stores an error thrown in the demo page, with its shape', async () => {
    const page = await browser.newPage();
    await page.goto(baseURL + '/?dev=1');
    const before = Date.now();
    await page.getByTestId('throw-error').click();
    const group = await eventually(async () => (await logGroups()).find((g) => g.type === 'uncaught' && g.lastSeen >= before - 1000), 2000, 'the uncaught error in the console API');
    expect(group.level).toBe(4);
    expect(group.product).toBe('demo');
    expect(group.message.length).toBeGreaterThan(0);
    expect(group.fileName).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/assets\/.+\.js$/);
    expect(group.lineNo).toBeGreaterThan(0);
    expect(group.colNo).toBeGreaterThan(0);
    const detail = await consoleApi<{ parsedStackTrace: { fileName: string; lineNo: number; colNo: number }[]; stackTrace: string[]; occurrences: { url: string; userAgent: string }[] }>(`/logs/groups/${group.groupId}`);
    expect(detail.stackTrace.length).toBeGreaterThan(0);
    expect(detail.parsedStackTrace[0]).toMatchObject({ fileName: group.fileName, lineNo: group.lineNo, colNo: group.colNo });
    expect(detail.occurrences[0]?.url).toBe(baseURL + '/?dev=1');
    expect(detail.occurrences[0]?.userAgent).toContain(userAgentMark);
    await page.close();
  });

  it('sends messages still queued when the page is left by beacon', async () => {
    // A flush interval far beyond the test: only the page-exit path can deliver this message.
    const { page, logRequests } = await loggerPage(600_000);
    const message = unique('left behind');
    await page.evaluate((m) => (window as unknown as { logger: { warn(m: string): void } }).logger.warn(m), message);
    expect(logRequests).toHaveLength(0);
    await page.goto('about:blank');
    const group = await eventually(async () => (await logGroups(message))[0], 5000, 'the beaconed message');
    expect(group).toMatchObject({ message, level: 3, product: 'e2e', count: 1 });
    await page.goto(`${baseURL}/__fixture/logger.html`);
    expect(await page.evaluate(() => localStorage.getItem('beacons'))).toBe('1');
    // No fetch of the log endpoint: it went by beacon only (which Firefox and WebKit show as the
    // one request; Chromium's protocol does not report requests made during unload).
    expect(logRequests).toHaveLength(seesRequestsDuringUnload ? 1 : 0);
    await page.close();
  });

  it('never lets an e-mail address reach the server', async () => {
    const { page, logRequests } = await loggerPage(200);
    const message = unique('Payment failed for jane.doe@example.com');
    await page.evaluate((m) => {
      const { logger } = window as unknown as { logger: { error(...a: unknown[]): void } };
      logger.error(new Error(m), { user: 'John.Smith+trip@mail.example.org' }, 'cc ops@example.co.uk');
    }, message);
    const scrubbed = message.replace('jane.doe@example.com', '{email}');
    const group = await eventually(async () => (await logGroups(scrubbed))[0], 5000, 'the scrubbed message');
    expect(group.message).toBe(scrubbed);
    const bodies = logRequests.map((r) => r.postData() ?? '');
    expect(bodies.length).toBeGreaterThan(0);
    for (const body of bodies) expect(body).not.toMatch(/@(mail\.)?example\./);
    const detail = await consoleApi<{ occurrences: { extraArgs: string[] }[]; stackTrace: string[] }>(`/logs/groups/${group.groupId}`);
    expect(JSON.stringify(detail)).not.toMatch(/@(mail\.)?example\./);
    expect(detail.occurrences[0]?.extraArgs.join(' ')).toContain('{email}');
    await page.close();
  });

  it('stops all requests once the server replies stopLogging', async () => {
    await consoleApi('/logs/settings', { method: 'PUT', body: JSON.stringify({ stopLogging: true }) });
    try {
      const { page, logRequests } = await loggerPage(100);
      const first = unique('before the kill switch');
      await page.evaluate((m) => (window as unknown as { logger: { error(m: string): void } }).logger.error(m), first);
      await eventually(async () => (logRequests.length > 0 ? true : undefined), 3000, 'the first log request');
      await page.waitForTimeout(300);
      const second = unique('after the kill switch');
      await page.evaluate((m) => (window as unknown as { logger: { error(m: string): void } }).logger.error(m), second);
      await page.waitForTimeout(1000); // ten flush intervals
      await page.goto('about:blank'); // the page-exit path must stay silent too
      await page.waitForTimeout(300);
      expect(logRequests).toHaveLength(1);
      expect(await logGroups(second)).toHaveLength(0);
      // Issue 23: not even the exit beacon leaves (the fixture counts beacons in localStorage).
      await page.goto(`${baseURL}/__fixture/logger.html`);
      expect(await page.evaluate(() => localStorage.getItem('beacons'))).toBeNull();
      await page.close();
    } finally {
      await consoleApi('/logs/settings', { method: 'PUT', body: JSON.stringify({ stopLogging: false }) });
    }
  });

  it('answers bad bodies with a 4xx and a reason, and stores nothing', async () => {
    const before = await logGroups();
    const post = (body: string, contentType = 'application/json') =>
      fetch(endpoint, { method: 'POST', headers: { 'content-type': contentType }, body });
    const message = (m: string) => ({
      id: 'x', groupId: 'g-' + m, message: m, contentId: m.length, extraArgs: [], level: 4, type: 'log',
      context: {}, occurrences: 1, timestamp: Date.now(), stackTrace: [], parsedStackTrace: [],
    });
    const cases: [string, string, number][] = [
      ['malformed JSON', '{"product":', 400],
      ['wrong types', JSON.stringify({ product: 'e2e', reqNo: 'one', messages: [message('wrong types')] }), 400],
      ['no messages', JSON.stringify({ product: 'e2e', reqNo: 1, messages: [] }), 400],
      ['too many messages', JSON.stringify({ product: 'e2e', reqNo: 1, messages: Array.from({ length: 101 }, (_, i) => message('many ' + i)) }), 400],
    ];
    for (const [label, body, status] of cases) {
      const response = await post(body);
      expect(response.status, label).toBe(status);
      const reply = (await response.json()) as { code: string; reason: string };
      expect(reply.code, label).toMatch(/^TARMAC_/);
      expect(reply.reason.length, label).toBeGreaterThan(0);
    }
    // An oversize body is refused from its declared length, before any of it is read. Sending
    // the 2 MB as well raced the refusal: the server could close the socket while fetch was still
    // writing, and fetch failed with EPIPE instead of reading the 413 (a whole WebKit run here,
    // 2026-11-29).
    const oversize = await postDeclaringLength(endpoint, 2_000_000);
    expect(oversize.status, 'oversize body').toBe(413);
    const refusal = JSON.parse(oversize.text) as { code: string; reason: string };
    expect(refusal.code).toBe('TARMAC_BODY_TOO_LARGE');
    expect(refusal.reason.length, 'oversize body').toBeGreaterThan(0);
    expect((await post('hello', 'application/xml')).status).toBe(415);
    expect(await logGroups()).toEqual(before);
    // …and the server still takes good input afterwards.
    const ok = await post(JSON.stringify({ product: 'e2e', reqNo: 1, messages: [message(unique('still serving'))] }));
    expect(ok.status).toBe(200);
  });
});
