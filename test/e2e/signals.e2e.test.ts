import { describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page, Request, Response } from 'playwright-core';
import { chromiumForThisFile, engine, eventually, itExceptIn, NO_REQUEST_BODIES, openFixture } from './support/browser.js';
import { consoleApi } from './support/consoleApi.js';

const baseURL = inject('baseURL');
const NORMAL_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const browser = chromiumForThisFile();

interface StoredReport {
  userAgent: string | null;
  automation: boolean;
  score: number;
  reasons: string[];
  signals: { languages: string[]; timeZone: { name: string; offset: number }; screen: { width: number }; automation: string[] };
}

const marker = () => `e2e-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

/**
 * A page on the server's origin with a session and its form token, running the built collector.
 * The session comes from the site's own page fetched through the context (so the cookie is set)
 * without rendering it, since the demo would start a collection of its own.
 */
async function collectorPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const html = await (await page.request.get(`${baseURL}/`)).text();
  const token = /<meta name="form-token" content="([^"]+)"/.exec(html)?.[1];
  expect(token).toBeTruthy();
  await openFixture(page, baseURL, 'signals', `
    <meta name="form-token" content="${token}">
    <p>Signals fixture</p>
    <script type="module">
      import { startSignalCollection } from '/__platform/signals/index.js';
      window.signalErrors = [];
      startSignalCollection({
        token: document.querySelector('meta[name="form-token"]').content,
        delayMs: 0,
        logger: { error: (...args) => window.signalErrors.push(args.map(String).join(' ')) },
      });
    </script>`);
  return page;
}

/** Starts watching the context for a POST reply of `path` before any page of it is opened. */
function watchPost(context: BrowserContext, path: string): Promise<Response> {
  return new Promise((resolve) => {
    context.on('response', (r) => {
      if (r.url() === `${baseURL}${path}` && r.request().method() === 'POST') resolve(r);
    });
  });
}

async function storedReport(userAgentMarker: string): Promise<StoredReport> {
  return eventually(
    async () => (await consoleApi<{ reports: StoredReport[] }>('/signals/reports?limit=200')).reports.find((r) => r.userAgent?.includes(userAgentMarker)),
    5000,
    'the stored signal report',
  );
}

describe('browser signals end to end', () => {
  it('flags the test-driven browser as automation with the right reasons, and the server decrypts what it sent', async () => {
    const id = marker();
    const defaultUa = await (async () => {
      const probe = await browser.newPage();
      const ua = await probe.evaluate(() => navigator.userAgent);
      await probe.close();
      return ua;
    })();
    const context = await browser.newContext({ userAgent: `${defaultUa} ${id}` });
    const posted = watchPost(context, '/a/api/signals');
    const page = await collectorPage(context);
    expect((await posted).status()).toBe(200);
    const report = await storedReport(id);
    expect(report.automation).toBe(true);
    expect(report.score).toBeGreaterThanOrEqual(50);
    // Headless Chromium also tells by its user agent; Firefox and WebKit under WebDriver only by
    // navigator.webdriver.
    const expected = engine === 'chromium' ? ['webdriver', 'headless', 'headlessUserAgentHeader'] : ['webdriver'];
    expect(report.reasons).toEqual(expect.arrayContaining(expected));
    // What the server decrypted is what the page sees.
    const seen = await page.evaluate(() => ({
      languages: [...navigator.languages],
      zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      offset: new Date().getTimezoneOffset(),
      width: screen.width,
    }));
    expect(report.signals.languages).toEqual(seen.languages);
    expect(report.signals.timeZone).toEqual({ name: seen.zone, offset: seen.offset });
    expect(report.signals.screen.width).toBe(seen.width);
    await context.close();
  });

  itExceptIn(['webkit'], "the WebKit driver cannot give a context its own language: WebKitGTK takes it from the system's installed locale")('does not flag those hints once the automation flags are removed and the user agent is normal', async () => {
    const id = marker();
    const context = await browser.newContext({ userAgent: `${NORMAL_UA} ${id}`, locale: 'es-ES', timezoneId: 'Europe/Madrid' });
    await context.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false });
      if (!navigator.plugins.length) {
        const fake = { length: 3, item: () => null, namedItem: () => null, refresh: () => undefined };
        Object.defineProperty(Navigator.prototype, 'plugins', { get: () => fake });
      }
      Object.defineProperty(Navigator.prototype, 'appVersion', { get: () => navigator.userAgent.replace(/^Mozilla\//, '') });
    });
    const posted = watchPost(context, '/a/api/signals');
    await collectorPage(context);
    expect((await posted).status()).toBe(200);
    const report = await storedReport(id);
    for (const hint of ['webdriver', 'headless', 'headlessUserAgentHeader', 'noPlugins', 'noLanguages', 'selenium', 'chromeDriver']) {
      expect(report.reasons).not.toContain(hint);
    }
    expect(report.automation).toBe(false);
    expect(report.signals.languages[0]).toBe('es-ES');
    expect(report.signals.timeZone.name).toBe('Europe/Madrid');
    await context.close();
  });

  itExceptIn(['firefox'], NO_REQUEST_BODIES)('sends only the token to the fallback URL when the primary answers 500', async () => {
    const context = await browser.newContext();
    await context.route(`${baseURL}/a/api/signals`, (route) => route.fulfill({ status: 500, body: 'down' }));
    const before = (await consoleApi<{ totals: { fallback: number } }>('/signals/summary')).totals.fallback;
    const fallbacks: Request[] = [];
    context.on('request', (r) => {
      if (r.url() === `${baseURL}/a/api/signals/fallback`) fallbacks.push(r);
    });
    const collector = await collectorPage(context);
    const request = await eventually(async () => fallbacks[0], 10_000, 'the fallback request');
    const fields = new URLSearchParams(request.postData() ?? '');
    expect([...fields.keys()]).toEqual(['token']);
    expect(request.headers()['x-requested-with']).toBe('XMLHttpRequest');
    expect((await eventually(async () => (await request.response()) ?? undefined, 5000, 'the fallback reply')).status()).toBe(200);
    expect(await collector.evaluate(() => (window as unknown as { signalErrors: string[] }).signalErrors)).toContain('Failed to set meta, code: 500');
    const after = (await consoleApi<{ totals: { fallback: number } }>('/signals/summary')).totals.fallback;
    expect(after).toBe(before + 1);
    await context.close();
  });

  itExceptIn(['firefox'], NO_REQUEST_BODIES)('rejects a payload tampered with on the way, stores nothing and falls back', async () => {
    const id = marker();
    const context = await browser.newContext({ userAgent: `${NORMAL_UA} ${id}` });
    await context.route(`${baseURL}/a/api/signals`, async (route) => {
      const fields = new URLSearchParams(route.request().postData() ?? '');
      const sealed = fields.get('encryptedMetaData') ?? '';
      // Change one base64 character inside the ciphertext (well before the padding).
      const at = sealed.length - 30;
      fields.set('encryptedMetaData', sealed.slice(0, at) + (sealed[at] === 'A' ? 'B' : 'A') + sealed.slice(at + 1));
      await route.continue({ postData: fields.toString() });
    });
    const primary = watchPost(context, '/a/api/signals');
    const fallback = watchPost(context, '/a/api/signals/fallback');
    await collectorPage(context);
    const rejected = await primary;
    expect(rejected.status()).toBe(400);
    expect(await rejected.json()).toMatchObject({ code: 'TARMAC_SIGNALS_TAMPERED' });
    expect((await fallback).status()).toBe(200);
    const reports = (await consoleApi<{ reports: StoredReport[] }>('/signals/reports?limit=200')).reports;
    expect(reports.some((r) => r.userAgent?.includes(id))).toBe(false);
    await context.close();
  });
});
