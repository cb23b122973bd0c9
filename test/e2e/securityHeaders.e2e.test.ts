import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { chromiumForThisFile, itExceptIn } from './support/browser.js';

const baseURL = inject('baseURL');
const token = inject('consoleToken');
const browser = chromiumForThisFile();
// The demo's only inline script: the consent head script (it holds the CMP stub).
const stubFile = new URL('../../packages/platform/dist/consent-head.js', import.meta.url);

declare global {
  interface Window {
    cspViolations: string[];
  }
}

/**
 * A fresh page that records every CSP violation (the `securitypolicyviolation` event, from the
 * first script on) and every console error that reports one. Both lists must stay empty.
 */
async function watchedPage(): Promise<{ page: Page; violations: () => Promise<string[]> }> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener(
      'securitypolicyviolation',
      (e) => window.cspViolations.push(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`),
      true,
    );
  });
  const consoleReports: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) consoleReports.push(message.text());
  });
  const violations = async () => [...(await page.evaluate(() => window.cspViolations)), ...consoleReports];
  return { page, violations };
}

/** The directives of a CSP header, by name. */
const directives = (header: string | null) =>
  new Map((header ?? '').split(';').map((d) => d.trim().split(/\s+/)).map(([name = '', ...values]) => [name, values]));

describe('content security policy', () => {
  it('lets the whole demo tour run with zero violations', async () => {
    const { page, violations } = await watchedPage();
    await page.goto(`${baseURL}/?dev=1&locale=en`);
    // The CMP stub ran inline, first in <head>: allowed by its hash.
    expect(await page.evaluate(() => typeof (window as { __tcfapi?: unknown }).__tcfapi)).toBe('function');
    await page.getByTestId('consent-settings').click();
    await page.getByTestId('consent-save').click();
    await page.getByTestId('consent-banner').waitFor({ state: 'detached' });
    await page.getByTestId('privacy-settings').click();
    await page.getByTestId('consent-accept').click();
    await page.getByTestId('consent-banner').waitFor({ state: 'detached' });
    await page.getByTestId('dynamic-deals').waitFor();

    await page.locator('#flights-from').fill('Madrid');
    await page.locator('#flights-to').fill('Lisboa');
    const imported = page.waitForResponse((r) => r.url().endsWith('/a/api/dynamic/import') && r.ok());
    await page.locator('form.search-form button[type="submit"]').click();
    await imported;
    await page.getByTestId('dynamic-filters').waitFor();

    const logged = page.waitForResponse((r) => r.url().endsWith('/log/client/messages') && r.ok());
    for (const id of ['throw-error', 'reject-promise', 'log-email', 'break-component']) await page.getByTestId(id).click();
    await page.getByTestId('break-dynamic').click();
    await page.getByTestId('broken-dynamic-fallback').waitFor();
    await logged;

    await page.getByTestId('locale-es').click();
    await page.waitForURL(/locale=es/);
    await page.getByTestId('dynamic-deals').waitFor();
    await page.getByRole('tab', { name: 'Hoteles' }).click();
    await page.locator('#hotels-from').waitFor();
    expect(await violations()).toEqual([]);

    // The listener is live and the policy bites: an inline script the page did not ship is refused.
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.head.append(script);
    });
    await expect.poll(async () => (await violations()).length).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as { injected?: boolean }).injected)).toBeUndefined();
    expect((await violations())[0]).toMatch(/^script-src(-elem)? blocked inline/);
    await page.context().close();
  });

  it('lets every console section render with zero violations', async () => {
    const { page, violations } = await watchedPage();
    await page.goto(`${baseURL}/console/#token=${token}`);
    await page.getByTestId('log-groups').waitFor();
    const row = page.getByTestId('log-group-row').first();
    if (await row.count()) {
      await row.getByRole('button').first().click();
      await page.getByTestId('group-detail').waitFor();
    }
    // Each section's content once its data has arrived (charts drawn from it).
    const sections: [string, string][] = [
      ['Web vitals', '[data-testid="vitals-count"]'],
      ['Analytics', '[data-testid="analytics-totals"]'],
      ['Consent', '[data-testid="consent-totals"], [data-testid="consent-empty"]'],
      ['Signals', '[data-testid="signals-totals"]'],
      ['Delivery', '[data-testid="drops-totals"], [data-testid="drops-empty"]'],
      ['Logs', '[data-testid="log-groups"]'],
    ];
    for (const [label, content] of sections) {
      await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: label }).click();
      await page.locator('a[aria-current="page"]', { hasText: label }).waitFor();
      await page.locator(content).first().waitFor();
    }
    expect(await violations()).toEqual([]);
    await page.context().close();
  });
});

describe('compression', () => {
  itExceptIn(['webkit'], 'WebKitGTK does not ask for brotli over plain HTTP, so the server rightly sends gzip or nothing')('brings the demo home its JavaScript compressed, within 110 KB', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts: Promise<{ url: string; encoded: number; decoded: number; encoding: string | null }>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push(
        (async () => ({
          url: new URL(response.url()).pathname,
          encoded: (await response.request().sizes()).responseBodySize,
          decoded: (await response.body()).length,
          encoding: await response.headerValue('content-encoding'),
        }))(),
      );
    });
    await page.goto(`${baseURL}/?locale=en`);
    await page.getByTestId('dynamic-deals').waitFor(); // the page's dynamic components are in
    await page.getByTestId('consent-banner').waitFor();
    await page.waitForLoadState('networkidle');
    const received = await Promise.all(scripts);
    const total = received.reduce((sum, s) => sum + s.encoded, 0);
    console.log(`demo home JavaScript over the wire: ${(total / 1000).toFixed(1)} KB in ${received.length} scripts`);
    expect(received.length).toBeGreaterThan(3);
    // Every script worth compressing (the build skips files under 1 KB) came as brotli.
    expect(received.filter((s) => s.decoded >= 1024 && s.encoding !== 'br').map((s) => s.url)).toEqual([]);
    expect(total).toBeLessThanOrEqual(110_000);
    await context.close();
  });
});

describe('caching', () => {
  it('lets the demo page into the back/forward cache, its form token still good after', async () => {
    // Playwright turns the back/forward cache off by default; this test needs the real thing.
    const bfBrowser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
      ignoreDefaultArgs: ['--disable-back-forward-cache'],
    });
    try {
      const page = await bfBrowser.newPage();
      await page.addInitScript(() => {
        const w = window as { pageShows?: boolean[] };
        addEventListener('pageshow', (e) => (w.pageShows ??= []).push(e.persisted));
      });
      await page.goto(`${baseURL}/?locale=en`);
      await page.getByTestId('consent-banner').waitFor();
      await page.goto(`${baseURL}/healthz`);
      await page.goBack({ waitUntil: 'commit' }); // a restored page fires no load event
      await page.waitForFunction(() => ((window as { pageShows?: boolean[] }).pageShows ?? []).length > 0);
      const reasons = await page.evaluate(() => JSON.stringify((performance.getEntriesByType('navigation')[0] as { notRestoredReasons?: unknown }).notRestoredReasons ?? null));
      expect(await page.evaluate(() => (window as { pageShows?: boolean[] }).pageShows), reasons).toEqual([false, true]);
      const saved = page.waitForResponse((r) => r.url().endsWith('/i/api/iabtcf/v1/consent') && r.request().method() === 'POST');
      await page.getByTestId('consent-accept').click();
      expect((await saved).status()).toBe(200);
    } finally {
      await bfBrowser.close();
    }
  });
});

describe('security headers over HTTP', () => {
  const fetchHeaders = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${baseURL}${path}`, init);
    await response.arrayBuffer();
    return response;
  };

  it('gives the demo page a CSP that allows exactly the built consent head script', async () => {
    const page = await fetchHeaders('/', { headers: { accept: 'text/html' } });
    const csp = directives(page.headers.get('content-security-policy'));
    const stubHash = createHash('sha256').update(readFileSync(stubFile, 'utf8')).digest('base64');
    expect(csp.get('script-src')).toEqual(["'self'", `'sha256-${stubHash}'`]);
    expect(page.headers.get('content-security-policy')).not.toContain('unsafe-inline');
    expect(page.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('puts the headers on the site, console, console API, ingest and error replies', async () => {
    const replies = {
      site: await fetchHeaders('/', { headers: { accept: 'text/html' } }),
      console: await fetchHeaders('/console/', { headers: { accept: 'text/html' } }),
      consoleApi: await fetchHeaders('/console/api/session', { headers: { authorization: `Bearer ${token}` } }),
      ingest: await fetchHeaders('/a/api/analytics/events', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }),
      notFound: await fetchHeaders('/a/api/no-such-thing'),
    };
    expect(replies.consoleApi.status).toBe(200);
    expect(replies.ingest.status).toBe(400);
    expect(replies.notFound.status).toBe(404);
    for (const [name, response] of Object.entries(replies)) {
      expect(response.headers.get('x-content-type-options'), name).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), name).toMatch(/^(no-referrer|strict-origin-when-cross-origin)$/);
      expect(response.headers.get('x-frame-options'), name).toMatch(/^(DENY|SAMEORIGIN)$/);
      expect(response.headers.get('content-security-policy'), name).toContain('frame-ancestors');
    }
    expect(directives(replies.console.headers.get('content-security-policy')).get('frame-ancestors')).toEqual(["'none'"]);
    expect(replies.console.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(replies.consoleApi.headers.get('x-frame-options')).toBe('DENY');
  });
});
