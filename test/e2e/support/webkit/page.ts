// A Playwright-shaped Page over one WebDriver window of a WebKit session (the subset the browser
// suite uses). Requests are watched and routed by the session's proxy (interceptor.ts).
import { EventEmitter } from 'node:events';
import { decodeValue, IN_PAGE_ENCODE } from './evalValue.js';
import type { RouteHandler } from './interceptor.js';
import { KEYS, WkLocator } from './locator.js';
import { urlMatches, type UrlMatch, type WkRequest, type WkResponse } from './network.js';
import type { WkContext } from './context.js';
import { elementId, type ElementRef } from './webdriver.js';

type Fn = string | ((arg: never) => unknown);
const NETWORK_EVENTS = ['request', 'response', 'requestfinished', 'requestfailed'] as const;
/**
 * How long a wait lasts when the test gives no timeout: Playwright's 30 s is too short for WebKit
 * under load (at load 50 a demo page's load alone took over 30 s, so a waitForResponse begun
 * before goto expired), and only a failing test waits this long.
 */
const DEFAULT_WAIT_MS = 90_000;

function callSource(fn: Fn): string {
  return typeof fn === 'string' ? `(() => (${fn}))` : fn.toString();
}

/** One page (browser window) of a WebKit context. */
export class WkPage extends EventEmitter {
  private closed = false;
  /** The page's URL as of the last command (Playwright's `page.url()` is synchronous). */
  private href = 'about:blank';
  /** Set for a page of `browser.newPage()`: closing the page closes its context, as in Playwright. */
  closesContext = false;
  private readonly forwarders = new Map<string, (value: unknown) => void>();
  private readonly initScripts: number[] = [];
  readonly keyboard = { press: (key: string) => this.pressKeys(KEYS[key] ?? key) };
  readonly mouse = { click: (x: number, y: number) => this.clickAt(x, y) };
  /**
   * Playwright's `page.request`, for GET: fetched from the test process; the cookies it sets reach
   * the browser with the context's next routed (fulfilled) response, e.g. an openFixture page.
   */
  readonly request = {
    get: async (url: string) => {
      const response = await fetch(url);
      this.ctx.interceptor.pendingCookies.push(...response.headers.getSetCookie());
      const body = Buffer.from(await response.arrayBuffer());
      return {
        status: () => response.status,
        ok: () => response.ok,
        headers: () => Object.fromEntries(response.headers),
        text: async () => body.toString('utf8'),
        json: async () => JSON.parse(body.toString('utf8')) as unknown,
      };
    },
  };

  constructor(
    private readonly ctx: WkContext,
    readonly handle: string,
  ) {
    super();
    // Network events of the context's proxy become this page's events while it is open.
    for (const name of NETWORK_EVENTS) {
      const forward = (value: unknown) => this.emit(name, value);
      this.forwarders.set(name, forward);
      ctx.interceptor.on(name, forward);
    }
  }

  context(): WkContext {
    return this.ctx;
  }
  isClosed(): boolean {
    return this.closed;
  }

  /** Runs a WebDriver script in this page's window (noting the page's URL, for the sync `url()`). */
  async execute<T>(script: string, args: unknown[] = []): Promise<T> {
    const wrapped = `return Promise.resolve((function () { ${script} }).apply(this, arguments)).then((v) => [v, location.href]);`;
    const [value, href] = await this.ctx.inWindow(this.handle, (s) => s.execute<[T, string]>(wrapped, args));
    this.href = href;
    return value;
  }
  async elementCommand<T>(method: 'GET' | 'POST', ref: ElementRef, path: string, body?: unknown): Promise<T> {
    return this.ctx.inWindow(this.handle, (s) => s.command<T>(method, `/element/${elementId(ref)}${path}`, body));
  }
  async pressKeys(keys: string): Promise<void> {
    const actions = [...keys].flatMap((value) => [{ type: 'keyDown', value }, { type: 'keyUp', value }]);
    await this.ctx.inWindow(this.handle, (s) => s.command('POST', '/actions', { actions: [{ type: 'key', id: 'keyboard', actions }] }));
  }
  private async clickAt(x: number, y: number): Promise<void> {
    const actions = [
      { type: 'pointerMove', x: Math.round(x), y: Math.round(y), origin: 'viewport' },
      { type: 'pointerDown', button: 0 },
      { type: 'pointerUp', button: 0 },
    ];
    await this.ctx.inWindow(this.handle, (s) => s.command('POST', '/actions', { actions: [{ type: 'pointer', id: 'mouse', parameters: { pointerType: 'mouse' }, actions }] }));
  }

  /** Loads `url` and waits for its load event; resolves with the document's response. */
  async goto(url: string): Promise<WkResponse | null> {
    const responses: WkResponse[] = [];
    const seen = (r: WkResponse) => r.request().resourceType() === 'document' && responses.push(r);
    this.ctx.interceptor.on('response', seen);
    try {
      await this.ctx.inWindow(this.handle, (s) => s.command('POST', '/url', { url }));
    } finally {
      this.ctx.interceptor.off('response', seen);
    }
    await this.currentUrl();
    return responses.at(-1) ?? null;
  }
  async reload(): Promise<WkResponse | null> {
    return this.goto(await this.currentUrl());
  }
  async goBack(): Promise<null> {
    await this.ctx.inWindow(this.handle, (s) => s.command('POST', '/back'));
    await this.currentUrl();
    return null;
  }
  /** The URL as of the page's last command, as Playwright's synchronous `page.url()`. */
  url(): string {
    return this.href;
  }
  private async currentUrl(): Promise<string> {
    this.href = await this.ctx.inWindow(this.handle, (s) => s.command<string>('GET', '/url'));
    return this.href;
  }
  title(): Promise<string> {
    return this.ctx.inWindow(this.handle, (s) => s.command<string>('GET', '/title'));
  }

  /** Playwright's page.evaluate: `fn(arg)` in the page, awaited there; the value comes back as JSON. */
  async evaluate<R>(fn: Fn, arg?: unknown): Promise<R> {
    const reply = await this.execute<{ ok: boolean; json?: string; error?: string }>(
      `return Promise.resolve().then(() => (${callSource(fn)})(arguments[0]))
         .then((value) => ({ ok: true, json: ${IN_PAGE_ENCODE}(value) }), (e) => ({ ok: false, error: String(e && e.stack || e) }));`,
      [arg],
    );
    if (!reply.ok) throw new Error(`page.evaluate: ${reply.error}`);
    return decodeValue(reply.json) as R;
  }
  /** Polls `fn(arg)` until it is truthy. */
  async waitForFunction(fn: Fn, arg?: unknown, options: { timeout?: number; polling?: number } = {}): Promise<{ jsonValue: () => Promise<unknown> }> {
    const value = await this.poll(() => this.evaluate(fn, arg), options.timeout ?? DEFAULT_WAIT_MS, 'waitForFunction', options.polling);
    return { jsonValue: async () => value };
  }
  /**
   * Waits until the page is at a URL matching `match` and that document has loaded, as Playwright's
   * waitForURL does (waitUntil 'load'): a click right after must reach the new document's handlers.
   */
  async waitForURL(match: UrlMatch, options: { timeout?: number } = {}): Promise<void> {
    const loaded = async () => {
      // A script sent while the document is being replaced may fail: that is "not yet".
      const state = await this.execute<string>('return document.readyState;').catch(() => '');
      return state === 'complete' && urlMatches(match, this.href);
    };
    await this.poll(loaded, options.timeout ?? DEFAULT_WAIT_MS, `URL ${String(match)}, loaded`);
  }
  async waitForLoadState(): Promise<void> {
    await this.poll(() => this.evaluate('document.readyState === "complete"'), DEFAULT_WAIT_MS, 'load');
  }
  waitForTimeout(ms: number): Promise<void> {
    return new Promise((r) => setTimeout(r, ms));
  }
  private async poll<T>(check: () => Promise<T>, timeout: number, label: string, every = 50): Promise<T> {
    const deadline = Date.now() + timeout;
    for (;;) {
      const value = await check();
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`timed out after ${timeout} ms waiting for ${label}`);
      await new Promise((r) => setTimeout(r, every));
    }
  }

  /** Resolves with the first `event` for which `predicate` is true (network events and 'close'). */
  waitForEvent<T>(event: string, predicate: ((value: T) => boolean | Promise<boolean>) | { predicate?: (value: T) => boolean | Promise<boolean>; timeout?: number } = {}): Promise<T> {
    const options = typeof predicate === 'function' ? { predicate } : predicate;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => done(new Error(`timed out waiting for ${event}`)), options.timeout ?? DEFAULT_WAIT_MS);
      const listener = async (value: T) => {
        if (!options.predicate || (await options.predicate(value))) done(undefined, value);
      };
      const done = (error?: Error, value?: T) => {
        clearTimeout(timer);
        this.off(event, listener);
        if (error) reject(error);
        else resolve(value as T);
      };
      this.on(event, listener);
    });
  }
  waitForResponse(match: UrlMatch | ((r: WkResponse) => boolean | Promise<boolean>), options: { timeout?: number } = {}): Promise<WkResponse> {
    const predicate = typeof match === 'function' ? (match as (r: WkResponse) => boolean) : (r: WkResponse) => urlMatches(match, r.url());
    return this.waitForEvent('response', { predicate, timeout: options.timeout });
  }
  waitForRequest(match: UrlMatch | ((r: WkRequest) => boolean), options: { timeout?: number } = {}): Promise<WkRequest> {
    const predicate = typeof match === 'function' ? (match as (r: WkRequest) => boolean) : (r: WkRequest) => urlMatches(match, r.url());
    return this.waitForEvent('request', { predicate, timeout: options.timeout });
  }

  async route(match: UrlMatch, handler: RouteHandler): Promise<void> {
    this.ctx.interceptor.route(match, handler);
  }
  async unroute(match: UrlMatch, handler?: RouteHandler): Promise<void> {
    this.ctx.interceptor.unroute(match, handler);
  }
  async unrouteAll(): Promise<void> {
    this.ctx.interceptor.unroute();
  }
  /**
   * Runs `script` in every document loaded from now on until this page closes (see interceptor.ts).
   * The proxy cannot tell the context's windows apart, so a page open beside this one gets it too.
   */
  async addInitScript(script: Fn | { content: string }, arg?: unknown): Promise<void> {
    const source = typeof script === 'object' ? script.content : typeof script === 'string' ? script : `(${script.toString()})(${JSON.stringify(arg)});`;
    this.initScripts.push(this.ctx.interceptor.addInitScript(source));
  }
  async addScriptTag(options: { content?: string; url?: string }): Promise<void> {
    await this.evaluate(
      (o: { content?: string; url?: string }) =>
        new Promise<void>((resolve, reject) => {
          const s = document.createElement('script');
          if (o.url) {
            s.src = o.url;
            s.onload = () => resolve();
            s.onerror = () => reject(new Error('script failed: ' + o.url));
          } else s.textContent = o.content ?? '';
          document.head.appendChild(s);
          if (!o.url) resolve();
        }),
      options,
    );
  }
  async setViewportSize(size: { width: number; height: number }): Promise<void> {
    await this.ctx.inWindow(this.handle, (s) => s.command('POST', '/window/rect', size));
  }
  async screenshot(): Promise<Buffer> {
    const base64 = await this.ctx.inWindow(this.handle, (s) => s.command<string>('GET', '/screenshot'));
    return Buffer.from(base64, 'base64');
  }

  locator(css: string, options?: { hasText?: string | RegExp }): WkLocator {
    return new WkLocator(this, []).locator(css, options);
  }
  getByTestId(id: string): WkLocator {
    return new WkLocator(this, []).getByTestId(id);
  }
  getByRole(role: string, options?: { name?: string | RegExp; exact?: boolean }): WkLocator {
    return new WkLocator(this, []).getByRole(role, options);
  }
  getByText(text: string | RegExp, options?: { exact?: boolean }): WkLocator {
    return new WkLocator(this, []).getByText(text, options);
  }
  async click(css: string): Promise<void> {
    await this.locator(css).click();
  }

  /** Leaves the document (so pagehide and its beacons happen), then closes the window. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.ctx.closePage(this);
    for (const [name, forward] of this.forwarders) this.ctx.interceptor.off(name, forward);
    for (const id of this.initScripts) this.ctx.interceptor.removeInitScript(id);
    this.emit('close', this);
    if (this.closesContext) await this.ctx.close();
  }
}
