import { describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { chromiumForThisFile } from './support/browser.js';

// The consent head script (docs/consent.md, "Consent data in the page"): `__tcfapi` answers from
// the data the server rendered into the page, before the app bundle runs, and data that fails the
// checks is refused like a bad reply from the consent endpoint.
const baseURL = inject('baseURL');
const browser = chromiumForThisFile();
const CONSENT_URL = '/i/api/iabtcf/v1/consent';

interface Seen {
  eventStatus?: string;
  cmpStatus?: string;
  tcString?: string;
  success?: boolean;
  parsing: boolean;
  appStarted: boolean;
}
type EarlyWindow = Window & { __tcfapi: (...args: unknown[]) => void; early: { events: Seen[]; answeredInCall: boolean; api: unknown; ping?: { cmpStatus: string } } };

// A vendor tag placed right after the inline head script, as a classic script from our origin (the
// page's CSP runs no inline code it has no hash for): it runs while the parser is still in <head>,
// and records, with each event, whether the app's main module has started (its first act,
// startConsentMode, creates `window.dataLayer`).
const EARLY_TAG = `window.early = { events: [], api: window.__tcfapi };
__tcfapi('ping', 2, (p) => { early.ping = p; });
__tcfapi('addEventListener', 2, (t, success) => early.events.push({
  eventStatus: t && t.eventStatus, cmpStatus: t && t.cmpStatus, tcString: t && t.tcString, success,
  parsing: document.readyState === 'loading', appStarted: 'dataLayer' in window,
}));
early.answeredInCall = early.events.length > 0;`;

/** Opens the demo page with the early tag, `edit` applied to the page as served; records consent GETs. */
async function openWithEarlyTag(context: BrowserContext, edit: (html: string) => string = (html) => html) {
  const page = await context.newPage();
  const consentGets: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname === CONSENT_URL) consentGets.push(request.url());
  });
  await page.route(baseURL + '/__e2e/early-tag.js', (route) => route.fulfill({ contentType: 'text/javascript', body: EARLY_TAG }));
  await page.route(baseURL + '/', async (route) => {
    const response = await route.fetch();
    const html = edit(await response.text()).replace(/<script>[\s\S]*?<\/script>/, `$&<script src="/__e2e/early-tag.js"></script>`);
    await route.fulfill({ response, body: html });
  });
  await page.goto(baseURL + '/');
  await page.locator('#root > *').first().waitFor(); // the app has rendered
  return { page, consentGets };
}

const early = (page: Page) => page.evaluate(() => (window as unknown as EarlyWindow).early);

/** A visitor with a stored choice: the consent cookie of an "Accept all" saved on the server. */
async function returningVisitor(): Promise<BrowserContext> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(baseURL + '/');
  const saved = await page.evaluate(async (url) => {
    const token = document.querySelector('meta[name="form-token"]')?.getAttribute('content') ?? '';
    const reply = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf': token }, body: JSON.stringify({ choice: 'accept_all' }) });
    return reply.ok;
  }, CONSENT_URL);
  expect(saved).toBe(true);
  await page.close();
  return context;
}

describe('consent answered from the page head', () => {
  it('answers tcloaded to a listener registered before the app bundle, with no request, and the app keeps that handler', async () => {
    const context = await returningVisitor();
    const { page, consentGets } = await openWithEarlyTag(context);
    const seen = await early(page);
    // Called back within the addEventListener call itself, while the parser was still in <head>
    // and before the app's main module had started.
    expect(seen.answeredInCall).toBe(true);
    expect(seen.ping?.cmpStatus).toBe('loaded');
    expect(seen.events[0]).toMatchObject({ eventStatus: 'tcloaded', cmpStatus: 'loaded', success: true, parsing: true, appStarted: false });
    const block = JSON.parse((await page.locator('#tarmac-consent').textContent()) ?? '{}') as { tcf: { tcString: string } };
    expect(seen.events[0]?.tcString).toBe(block.tcf.tcString);
    expect(await page.evaluate(() => 'dataLayer' in window)).toBe(true); // the app did start, later
    expect(consentGets).toEqual([]);
    // One handler: the app took over the head's, so the early listener hears the app's saves.
    expect(await page.evaluate(() => (window as unknown as EarlyWindow).early.api === (window as unknown as EarlyWindow).__tcfapi)).toBe(true);
    await page.getByTestId('privacy-settings').click();
    await page.getByTestId('consent-reject').click();
    await expect.poll(async () => (await early(page)).events.map((e) => e.eventStatus)).toEqual(['tcloaded', 'cmpuishown', 'useractioncomplete']);
    await context.close();
  });

  it('refuses a tampered bootstrap the way it refuses a bad reply from the consent endpoint', async () => {
    const context = await returningVisitor();
    // The string's core segment cut: it no longer decodes.
    const tamper = (json: string) => json.replace(/"tcString":"[A-Za-z0-9_-]{8}/, '"tcString":"!');
    const tampered = await openWithEarlyTag(context, (html) => html.replace(/(<script type="application\/json" id="tarmac-consent">)([^<]*)/, (_, tag: string, json: string) => tag + tamper(json)));
    const fromPage = await early(tampered.page);
    expect(fromPage.ping?.cmpStatus).toBe('error');
    expect(fromPage.events).toEqual([{ eventStatus: undefined, cmpStatus: 'error', tcString: undefined, success: false, parsing: true, appStarted: false }]);
    expect(tampered.consentGets).toEqual([]); // refused, not replaced by a request

    // The same data as the endpoint's reply, on a page without the block.
    const bad = await context.newPage();
    await bad.route(baseURL + CONSENT_URL, async (route) => {
      const reply = await route.fetch();
      await route.fulfill({ response: reply, body: tamper(await reply.text()) });
    });
    await bad.route(baseURL + '/', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: (await response.text()).replace(/<script type="application\/json" id="tarmac-consent">[^<]*<\/script>/, '') });
    });
    await bad.goto(baseURL + '/');
    const fromReply = await bad.evaluate(
      () => new Promise<unknown[]>((resolve) => (window as unknown as EarlyWindow).__tcfapi('addEventListener', 2, (...args: unknown[]) => resolve(args))),
    );
    expect(fromReply).toEqual([{ cmpStatus: 'error' }, false]);
    expect(await tampered.page.evaluate(() => new Promise<unknown[]>((resolve) => (window as unknown as EarlyWindow).__tcfapi('addEventListener', 2, (...args: unknown[]) => resolve(args))))).toEqual(fromReply);
    await context.close();
  });

  it('a US visitor: GPP signals ready from the head too, and Consent Mode denies what the opt-out covers', async () => {
    const context = await returningVisitor();
    // The block as the server renders it for a US visitor who opted out of the sale of their data.
    const usnat = { decided: true, saleOptOut: true, sharingOptOut: false, targetedAdvertisingOptOut: false, gpc: false, updatedAt: Date.now() };
    const asUs = (html: string) =>
      html.replace(/(<script type="application\/json" id="tarmac-consent">)([^<]*)/, (_, tag: string, json: string) => {
        const block = JSON.parse(json) as { tcf: object };
        return tag + JSON.stringify({ regime: 'usnat', country: 'US', gpc: false, tcf: { ...block.tcf, gdprApplies: false, showUi: false }, usnat });
      });
    const page = await context.newPage();
    await page.route(baseURL + '/__e2e/early-gpp.js', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: `window.earlyGpp = [];
__gpp('addEventListener', (e) => earlyGpp.push({ status: e.pingData.signalStatus, sections: e.pingData.applicableSections, parsing: document.readyState === 'loading', appStarted: 'dataLayer' in window }));
__gpp('getField', (v) => earlyGpp.push({ saleOptOut: v }), 'usnat.SaleOptOut');`,
      }),
    );
    await page.route(baseURL + '/', async (route) => {
      const response = await route.fetch();
      const html = asUs(await response.text()).replace(/<script>[\s\S]*?<\/script>/, `$&<script src="/__e2e/early-gpp.js"></script>`);
      await route.fulfill({ response, body: html });
    });
    await page.goto(baseURL + '/');
    await page.locator('#root > *').first().waitFor();
    const early = await page.evaluate(() => (window as unknown as { earlyGpp: unknown[] }).earlyGpp);
    expect(early.slice(0, 2)).toEqual([{ status: 'ready', sections: [7], parsing: true, appStarted: false }, { saleOptOut: 1 }]);
    const updates = await page.evaluate(() =>
      ((window as unknown as { dataLayer: ArrayLike<unknown>[] }).dataLayer ?? []).map((entry) => Array.from(entry)).filter((c) => c[0] === 'consent' && c[1] === 'update'),
    );
    expect(updates).toEqual([['consent', 'update', { ad_storage: 'granted', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'granted' }]]);
    await context.close();
  });
});
