// A Playwright-shaped BrowserContext for WebKitGTK: one WebKitWebDriver with one session (one
// MiniBrowser process, its own cookies and storage; the driver allows one session at a time) whose
// requests all pass through its own proxy.
import type { Interceptor, RouteHandler } from './interceptor.js';
import { shutdown, type Launched } from './launch.js';
import type { UrlMatch } from './network.js';
import { WkPage } from './page.js';
import type { WebDriverSession } from './webdriver.js';

/** The context options the WebKit driver honours; others are accepted and have no effect. */
export type WkContextOptions = {
  viewport?: { width: number; height: number } | null;
  userAgent?: string;
  timezoneId?: string;
  bypassCSP?: boolean;
  extraHTTPHeaders?: Record<string, string>;
  [other: string]: unknown;
};

/** One isolated visitor: a MiniBrowser with its own storage, and the pages (windows) open in it. */
export class WkContext {
  private readonly open: WkPage[] = [];
  /** A window whose page was closed, kept so the session (which ends with its last window) lives. */
  private spare: string | undefined;
  private current: string | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private closedAll = false;
  readonly interceptor: Interceptor;
  private readonly session: WebDriverSession;

  private constructor(
    private readonly launched: Launched,
    private readonly options: WkContextOptions,
    private readonly onClose: (context: WkContext, shutdown: Promise<void>) => void,
  ) {
    this.interceptor = launched.interceptor;
    this.session = launched.session;
    this.spare = launched.window;
    // A new session's current window is its only one: no switch needed before the first command.
    this.current = launched.window;
    launched.interceptor.bypassCSP = Boolean(options.bypassCSP);
    const extra = Object.entries(options.extraHTTPHeaders ?? {}).map(([name, value]) => [name.toLowerCase(), value]);
    launched.interceptor.extraHeaders = Object.fromEntries(extra);
  }

  /**
   * A context over `launched` (a MiniBrowser started for these options, see launch.ts); `onClose`
   * receives the teardown, which runs after `close()` resolves (the browser awaits it at its end).
   */
  static from(launched: Launched, options: WkContextOptions, onClose: (context: WkContext, shutdown: Promise<void>) => void): WkContext {
    return new WkContext(launched, options, onClose);
  }

  /**
   * Runs `work` with `handle` as the session's current window. WebDriver has one current window
   * per session, so commands of the context's pages run one after another.
   */
  inWindow<T>(handle: string, work: (session: WebDriverSession) => Promise<T>): Promise<T> {
    const run = async () => {
      if (this.current !== handle) {
        await this.session.command('POST', '/window', { handle });
        this.current = handle;
      }
      return work(this.session);
    };
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }

  async newPage(): Promise<WkPage> {
    let handle = this.spare;
    this.spare = undefined;
    if (!handle) {
      const created = await this.inWindow(this.open[0]?.handle ?? '', (s) => s.command<{ handle: string }>('POST', '/window/new', { type: 'window' }));
      handle = created.handle;
    }
    const page = new WkPage(this, handle);
    this.open.push(page);
    const viewport = this.options.viewport === undefined ? { width: 1280, height: 720 } : this.options.viewport;
    if (viewport) await page.setViewportSize(viewport);
    return page;
  }

  pages(): WkPage[] {
    return [...this.open];
  }

  /** Called by WkPage.close: leave the document (pagehide runs, beacons go), then close the window. */
  async closePage(page: WkPage): Promise<void> {
    const index = this.open.indexOf(page);
    if (index >= 0) this.open.splice(index, 1);
    if (this.closedAll) return;
    // Bounded: a page that never finishes leaving must not hold the file's afterAll.
    await this.inWindow(page.handle, (s) => s.command('POST', '/url', { url: 'about:blank' }, 15_000)).catch(() => undefined);
    if (this.open.length === 0) this.spare = page.handle;
    else await this.inWindow(page.handle, (s) => s.command('DELETE', '/window')).then(() => (this.current = undefined));
  }

  /** Routes every request of the context's pages (the proxy is the context's). */
  async route(match: UrlMatch, handler: RouteHandler): Promise<void> {
    this.interceptor.route(match, handler);
  }
  async unroute(match: UrlMatch, handler?: RouteHandler): Promise<void> {
    this.interceptor.unroute(match, handler);
  }
  /** Network events ('request', 'response', 'requestfinished', 'requestfailed') of every page. */
  on(event: string, listener: (value: any) => void): this { // eslint-disable-line @typescript-eslint/no-explicit-any
    this.interceptor.on(event, listener);
    return this;
  }
  off(event: string, listener: (value: any) => void): this { // eslint-disable-line @typescript-eslint/no-explicit-any
    this.interceptor.off(event, listener);
    return this;
  }

  addInitScript(script: string | ((arg: never) => unknown), arg?: unknown): Promise<void> {
    const source = typeof script === 'string' ? script : `(${script.toString()})(${JSON.stringify(arg)});`;
    this.interceptor.addInitScript(source);
    return Promise.resolve();
  }

  /**
   * Closes every page (each leaves its document first, so its pagehide beacons go); the session,
   * driver and proxy end after this resolves (1-2 s under load that no test waits for).
   */
  async close(): Promise<void> {
    if (this.closedAll) return;
    for (const page of [...this.open]) await page.close();
    this.closedAll = true;
    this.onClose(this, shutdown(this.launched));
  }
}
