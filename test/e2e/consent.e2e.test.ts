import { readFileSync } from 'node:fs';
import { TCString } from '@iabtechlabtcf/core';
import { describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { chromiumForThisFile, eventually, openFixture } from './support/browser.js';
import { consoleApi } from './support/consoleApi.js';

const baseURL = inject('baseURL');
const stubScript = readFileSync(new URL('../../packages/platform/dist/tcf-stub.js', import.meta.url), 'utf8');
const browser = chromiumForThisFile();

type TestWindow = Window & {
  __tcfapi: (...args: unknown[]) => void;
  seen: string[];
  results: unknown[];
  logged: unknown[][];
  token?: string;
};

/** A fresh visitor (own cookies) on the demo site, recording every eventStatus from the start. */
async function demoVisitor(context?: BrowserContext): Promise<{ context: BrowserContext; page: Page }> {
  const ctx = context ?? (await browser.newContext());
  const page = await ctx.newPage();
  await page.goto(baseURL + '/');
  await page.waitForFunction(() => typeof (window as unknown as TestWindow).__tcfapi === 'function');
  await page.evaluate(() => {
    const w = window as unknown as TestWindow;
    w.seen = [];
    w.__tcfapi('addEventListener', 2, (t: { eventStatus: string }) => w.seen.push(t.eventStatus));
  });
  return { context: ctx, page };
}
const seen = (page: Page) => page.evaluate(() => (window as unknown as TestWindow).seen);
const tcData = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ eventStatus: string; purpose: { consents: Record<string, boolean> } }>((resolve) =>
        (window as unknown as TestWindow).__tcfapi('getTCData', 2, resolve),
      ),
  );

/** A session form token: load the site (cookie + meta), then the fixture on the same origin. */
async function fixtureWithSession(body: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(baseURL + '/');
  const token = await page.locator('meta[name="form-token"]').getAttribute('content');
  await openFixture(page, baseURL, 'consent', body.replaceAll('%TOKEN%', token ?? ''));
  return page;
}

describe('the demo page head', () => {
  it('starts with the inline stub, so a vendor script running before the app bundle is answered later', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    // A vendor tag placed right after the first (stub) script, before any app code has run. A
    // classic script from our origin (the page's CSP refuses inline code it has no hash for) runs
    // in document order, before the deferred app modules.
    await page.route(baseURL + '/__e2e/vendor-tag.js', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: `window.vendorSeen = []; __tcfapi('getTCData', 2, (data, ok) => vendorSeen.push([data && data.cmpStatus, ok]));`,
      }),
    );
    await page.route(baseURL + '/', async (route) => {
      const response = await route.fetch();
      // Right after the inline head script (the first <script> without attributes; the consent
      // data block before it is not code).
      const html = (await response.text()).replace(/<script>[\s\S]*?<\/script>/, `$&<script src="/__e2e/vendor-tag.js"></script>`);
      await route.fulfill({ response, body: html });
    });
    await page.goto(baseURL + '/');
    await expect.poll(() => page.evaluate(() => (window as unknown as { vendorSeen: unknown[] }).vendorSeen)).toEqual([['loaded', true]]);
    expect(await page.locator('iframe[name="__tcfapiLocator"]').count()).toBe(1);
    await context.close();
  });
});

describe('consent banner on the demo site', () => {
  it('accept: cmpuishown then useractioncomplete, the choice is stored and a returning visitor is not asked', async () => {
    const { context, page } = await demoVisitor();
    await page.getByTestId('consent-banner').waitFor();
    await expect.poll(() => seen(page)).toEqual(['cmpuishown']);
    await page.getByTestId('consent-accept').click();
    await page.getByTestId('consent-banner').waitFor({ state: 'detached' });
    expect(await seen(page)).toEqual(['cmpuishown', 'useractioncomplete']);
    expect((await tcData(page)).purpose.consents['1']).toBe(true);

    const again = await demoVisitor(context);
    await expect.poll(() => seen(again.page)).toEqual(['tcloaded']);
    expect(await again.page.getByTestId('consent-banner').count()).toBe(0);
    const summary = await consoleApi<{ days: { choices: Record<string, number> }[] }>('/consent/summary?days=2');
    expect(summary.days.reduce((n, d) => n + (d.choices.accept_all ?? 0), 0)).toBeGreaterThan(0);
    await context.close();
  });

  it('reject, then reopen from "Privacy settings" and accept by keyboard', async () => {
    const { context, page } = await demoVisitor();
    await page.getByTestId('consent-reject').click();
    await page.getByTestId('consent-banner').waitFor({ state: 'detached' });
    expect((await tcData(page)).purpose.consents['1']).toBe(false);

    await page.getByTestId('privacy-settings').click();
    await page.getByTestId('consent-banner').waitFor();
    // Focus is in the banner: Tab from "Settings" to "Reject all" to "Accept all", Enter.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByTestId('consent-banner').waitFor({ state: 'detached' });
    expect(await seen(page)).toEqual(['cmpuishown', 'useractioncomplete', 'cmpuishown', 'useractioncomplete']);
    expect((await tcData(page)).purpose.consents['1']).toBe(true);
    await context.close();
  });

  it('settings panel: a custom choice of one purpose is what the CMP reports', async () => {
    const { context, page } = await demoVisitor();
    await page.getByTestId('consent-settings').click();
    await page.getByTestId('purpose-8').check();
    await page.getByTestId('consent-save').click();
    await page.getByTestId('consent-banner').waitFor({ state: 'detached' });
    const consents = (await tcData(page)).purpose.consents;
    expect(Object.entries(consents).filter(([, on]) => on).map(([id]) => id)).toEqual(['8']);
    await context.close();
  });
});

describe('TCF 2.3 on the demo site', () => {
  const shipped = JSON.parse(readFileSync(new URL('../../packages/server/gvl/vendor-list.json', import.meta.url), 'utf8')) as {
    vendors: Record<string, { id: number }>;
  };
  const siteVendors = Object.values(shipped.vendors).map((v) => v.id);
  type TcData = { tcString: string; tcfPolicyVersion: number; vendor: { disclosedVendors: Record<string, boolean> } };
  const call = <T>(page: Page, command: string, parameter?: unknown) =>
    page.evaluate(
      ([c, p]) => new Promise<T>((resolve) => (window as unknown as TestWindow).__tcfapi(c, 2, resolve, p)),
      [command, parameter] as const,
    );
  const trueIds = (flags: Record<string, boolean>) => Object.keys(flags).filter((id) => flags[id]).map(Number);

  it('before and after a choice, TCData, the string and ping speak policy 5 and disclose every vendor of the site', async () => {
    const { context, page } = await demoVisitor();
    await page.getByTestId('consent-banner').waitFor();
    // Before any choice: the string shown with the UI already carries the segment.
    const shown = await call<TcData>(page, 'getTCData');
    expect(shown.tcfPolicyVersion).toBe(5);
    expect(trueIds(shown.vendor.disclosedVendors)).toEqual(siteVendors);
    expect([...TCString.decode(shown.tcString).vendorsDisclosed.values()]).toEqual(siteVendors);
    for (const button of ['consent-reject', 'consent-accept']) {
      if (button === 'consent-accept') {
        await page.getByTestId('privacy-settings').click();
        await page.getByTestId('consent-banner').waitFor();
      }
      await page.getByTestId(button).click();
      await page.getByTestId('consent-banner').waitFor({ state: 'detached' });
      const data = await call<TcData>(page, 'getTCData');
      const model = TCString.decode(data.tcString);
      expect(model.policyVersion, button).toBe(5);
      expect([...model.vendorsDisclosed.values()], button).toEqual(siteVendors);
      expect(trueIds(data.vendor.disclosedVendors), button).toEqual(siteVendors);
    }
    // getTCData narrowed by vendor ids, getInAppTCData as a bit string, ping with its versions.
    const narrowed = await call<TcData>(page, 'getTCData', [siteVendors[0], 4]);
    expect(narrowed.vendor.disclosedVendors).toEqual({ [siteVendors[0]!]: true, 4: false });
    const inApp = await call<{ vendor: { disclosedVendors: string } }>(page, 'getInAppTCData');
    expect([...inApp.vendor.disclosedVendors].flatMap((bit, i) => (bit === '1' ? [i + 1] : []))).toEqual(siteVendors);
    expect(await call(page, 'ping')).toMatchObject({ apiVersion: '2.2', tcfPolicyVersion: 5, cmpLoaded: true });
    await context.close();
  });
});

describe('console', () => {
  it('the Consent view charts the stored choices', async () => {
    const { context, page } = await demoVisitor();
    await page.getByTestId('consent-accept').click();
    await page.getByTestId('consent-banner').waitFor({ state: 'detached' });
    await context.close();
    const consolePage = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await consolePage.goto(`${baseURL}/console/#token=${inject('consoleToken')}`);
    await consolePage.getByTestId('log-groups').waitFor();
    await consolePage.evaluate(() => (location.hash = '#/consent'));
    const totals = consolePage.getByTestId('consent-totals');
    await totals.waitFor();
    expect(await totals.textContent()).toMatch(/Accept all\d+(\.\d)?%/);
    // A chart draws once its ResponsiveContainer has measured its box, which can come after the
    // totals show (WebKit's second whole run counted none then), so both are waited for first.
    const charts = consolePage.locator('.consent-view .recharts-wrapper');
    await charts.nth(1).waitFor();
    expect(await charts.count()).toBe(2);
    await consolePage.close();
  });
});

describe('CMP API', () => {
  it('replays calls made before the data loaded, in order, once it has', async () => {
    const page = await fixtureWithSession(`
      <script>${stubScript}</script>
      <script>
        window.results = [];
        __tcfapi('ping', 2, (p) => results.push('ping ' + p.cmpStatus));
        __tcfapi('addEventListener', 2, (t) => results.push('listener ' + t.cmpStatus + ' ' + t.eventStatus));
        __tcfapi('getTCData', 2, (t, ok) => results.push('getTCData ' + ok + ' ' + typeof t.tcString));
        setTimeout(() => { window.token = '%TOKEN%'; }, 300); // the token arrives late
      </script>
      <script type="module">
        import { installConsentApi } from '/__platform/consent/index.js';
        installConsentApi({ cmpId: 300, cmpVersion: 1, formToken: () => window.token });
      </script>`);
    const results = await eventually(async () => {
      const r = await page.evaluate(() => (window as unknown as TestWindow).results);
      return r.length >= 3 ? r : undefined;
    });
    expect(results).toEqual(['ping stub', 'listener loaded cmpuishown', 'getTCData true string']);
    await page.context().close();
  });

  it('answers a vendor in a sandboxed iframe through __tcfapiLocator and postMessage', async () => {
    const vendor = `<script>
      let frame = window, cmp;
      while (frame) { try { if (frame.frames['__tcfapiLocator']) { cmp = frame; break; } } catch (e) {} if (frame === window.top) break; frame = frame.parent; }
      const got = [];
      addEventListener('message', (e) => { const r = (typeof e.data == 'string' ? JSON.parse(e.data) : e.data).__tcfapiReturn; if (r) { got.push(r); parent.postMessage({ vendorResults: got }, '*'); } });
      cmp.postMessage({ __tcfapiCall: { command: 'ping', version: 2, callId: 'p' } }, '*');
      cmp.postMessage(JSON.stringify({ __tcfapiCall: { command: 'addEventListener', version: 2, callId: 'l' } }), '*');
    </script>`;
    const page = await fixtureWithSession(`
      <script>${stubScript}</script>
      <script>window.results = []; addEventListener('message', (e) => { if (e.data && e.data.vendorResults) window.results = e.data.vendorResults; });</script>
      <iframe sandbox="allow-scripts" srcdoc="${vendor.replaceAll('"', '&quot;')}"></iframe>
      <script type="module">
        import { installConsentApi } from '/__platform/consent/index.js';
        window.handler = installConsentApi({ cmpId: 300, cmpVersion: 1, formToken: '%TOKEN%' });
      </script>`);
    type Reply = { callId: string; success: boolean; returnValue: { cmpStatus: string; eventStatus?: string; listenerId?: number } };
    const replies = await eventually(async () => {
      const r = (await page.evaluate(() => (window as unknown as TestWindow).results)) as Reply[];
      return r.some((x) => x.callId === 'l') ? r : undefined;
    });
    const ping = replies.find((r) => r.callId === 'p')!;
    expect(ping.success).toBe(true);
    expect(['stub', 'loaded']).toContain(ping.returnValue.cmpStatus);
    const listener = replies.find((r) => r.callId === 'l')!;
    expect(listener).toMatchObject({ success: true, returnValue: { cmpStatus: 'loaded', eventStatus: 'cmpuishown' } });
    expect(typeof listener.returnValue.listenerId).toBe('number');
    // one reply per event: closing the UI reaches the frame as a second reply to the same call
    await page.evaluate(() => (window as unknown as { handler: { close(): void } }).handler.close());
    const later = await eventually(async () => {
      const r = (await page.evaluate(() => (window as unknown as TestWindow).results)) as Reply[];
      return r.filter((x) => x.callId === 'l').length >= 2 ? r : undefined;
    });
    expect(later.filter((x) => x.callId === 'l').map((x) => x.returnValue.eventStatus)).toEqual(['cmpuishown', 'useractioncomplete']);
    await page.context().close();
  });

  it('a failed fetch logs, sets cmpStatus error and fails every waiting and later call', async () => {
    const page = await fixtureWithSession(`
      <script>${stubScript}</script>
      <script>
        window.results = []; window.logged = [];
        __tcfapi('addEventListener', 2, (t, ok) => results.push(['queued', t, ok]));
      </script>
      <script type="module">
        import { installConsentApi } from '/__platform/consent/index.js';
        const logger = { error: (...args) => logged.push(args.map(String)) };
        // a token of another session: the server answers 403
        installConsentApi({ cmpId: 300, cmpVersion: 1, formToken: 'not-this-sessions-token', logger }).ready.then(() => {
          __tcfapi('getTCData', 2, (t, ok) => results.push(['later', t, ok]));
          __tcfapi('ping', 2, (p) => results.push(['ping', p.cmpStatus]));
        });
      </script>`);
    const results = await eventually(async () => {
      const r = await page.evaluate(() => (window as unknown as TestWindow).results);
      return r.length >= 3 ? r : undefined;
    });
    expect(results).toEqual([
      ['queued', { cmpStatus: 'error' }, false],
      ['later', { cmpStatus: 'error' }, false],
      ['ping', 'error'],
    ]);
    const logged = await page.evaluate(() => (window as unknown as TestWindow).logged);
    expect(logged[0]?.[0]).toBe('Failed to make a request for /i/api/iabtcf/v1/consent');
    await page.context().close();
  });
});
