// A Playwright-shaped BrowserContext for WebKitGTK: one WebKitWebDriver with one session (one
// MiniBrowser process, its own cookies and storage; the driver allows one session at a time) whose
// requests all pass through its own proxy.
import { Interceptor } from './interceptor.js';
import { WkPage } from './page.js';
import { WebDriverSession, WebKitDriverProcess } from './webdriver.js';

/** The context options the WebKit driver honours; others are accepted and have no effect. */
export type WkContextOptions = {
  viewport?: { width: number; height: number } | null;
  userAgent?: string;
  timezoneId?: string;
  bypassCSP?: boolean;
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

  private constructor(
    readonly interceptor: Interceptor,
    private readonly session: WebDriverSession,
    private readonly driver: WebKitDriverProcess,
    private readonly options: WkContextOptions,
    private readonly onClose: (context: WkContext) => void,
  ) {}

  static async create(display: string, options: WkContextOptions, onClose: (context: WkContext) => void): Promise<WkContext> {
    const interceptor = await Interceptor.start();
    const driver = await WebKitDriverProcess.start(display).catch(async (error: unknown) => {
      await interceptor.close();
      throw error;
    });
    interceptor.bypassCSP = Boolean(options.bypassCSP);
    const args = ['--automation'];
    if (options.userAgent) args.push(`--user-agent=${options.userAgent}`);
    if (options.timezoneId) args.push(`--time-zone=${options.timezoneId}`);
    try {
      const session = await WebDriverSession.create(driver.url, interceptor.port, args);
      const context = new WkContext(interceptor, session, driver, options, onClose);
      context.spare = await session.command<string>('GET', '/window');
      return context;
    } catch (error) {
      await interceptor.close();
      await driver.stop();
      throw error;
    }
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
    await this.inWindow(page.handle, (s) => s.command('POST', '/url', { url: 'about:blank' })).catch(() => undefined);
    if (this.open.length === 0) this.spare = page.handle;
    else await this.inWindow(page.handle, (s) => s.command('DELETE', '/window')).then(() => (this.current = undefined));
  }

  addInitScript(script: string | ((arg: never) => unknown), arg?: unknown): Promise<void> {
    const source = typeof script === 'string' ? script : `(${script.toString()})(${JSON.stringify(arg)});`;
    this.interceptor.addInitScript(source);
    return Promise.resolve();
  }

  /** Closes every page (each leaves its document first) and ends the session. */
  async close(): Promise<void> {
    if (this.closedAll) return;
    for (const page of [...this.open]) await page.close();
    this.closedAll = true;
    await this.session.delete();
    await this.driver.stop();
    await this.interceptor.close();
    this.onClose(this);
  }
}
