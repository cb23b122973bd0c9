// A Playwright-shaped Browser for WebKitGTK: WebKitWebDriver (W3C WebDriver classic) starting
// MiniBrowser in automation mode on the virtual display the global setup started. Playwright
// itself drives only its own patched WebKit builds, not the WebKitGTK of a Linux distribution.
import type { Browser } from 'playwright-core';
import { inject } from 'vitest';
import { WkContext, type WkContextOptions } from './context.js';
import { browserArgs, launch, shutdown, type Launched } from './launch.js';
import type { WkPage } from './page.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The X display (e.g. ':99') WebKit opens its windows on; set by the global setup. */
    display: string;
  }
}

/**
 * The browser: one WebKitWebDriver and MiniBrowser session per context, on one X display. Each
 * context takes a MiniBrowser started ahead of time when its options allow (the default user
 * agent and time zone), and another is started for the next: a start is 10-20 s under load,
 * spent while the test runs instead of before it.
 */
export class WkBrowser {
  private readonly live = new Set<WkContext>();
  private readonly teardowns = new Set<Promise<void>>();
  private warm: Promise<Launched | undefined> | undefined;
  private closed = false;
  constructor(private readonly display: string) {}

  async newContext(options: WkContextOptions = {}): Promise<WkContext> {
    const args = browserArgs(options);
    const ready = args.length === 1 ? await this.takeWarm() : undefined;
    const launched = ready ?? (await launch(this.display, args));
    const context = WkContext.from(launched, options, (c, teardown) => {
      this.live.delete(c);
      this.track(teardown);
    });
    this.live.add(context);
    if (args.length === 1) this.startWarm();
    return context;
  }
  /** A page in a context of its own, closed together with the page (as in Playwright). */
  async newPage(options: WkContextOptions = {}): Promise<WkPage> {
    const context = await this.newContext(options);
    const page = await context.newPage();
    page.closesContext = true;
    return page;
  }
  contexts(): WkContext[] {
    return [...this.live];
  }
  version(): string {
    return 'WebKitGTK';
  }
  async close(): Promise<void> {
    this.closed = true;
    for (const context of [...this.live]) await context.close().catch(() => undefined);
    const warm = await this.takeWarm();
    if (warm) this.track(shutdown(warm));
    await Promise.all([...this.teardowns]);
  }

  /** The MiniBrowser started ahead, once it is up; undefined when none is (or it failed to start). */
  private async takeWarm(): Promise<Launched | undefined> {
    const warm = this.warm;
    this.warm = undefined;
    return warm;
  }
  private startWarm(): void {
    if (this.warm || this.closed) return;
    // A failed start is no error of any test: the next context starts its own.
    this.warm = launch(this.display, browserArgs({}), true).catch(() => undefined);
  }
  private track(teardown: Promise<void>): void {
    this.teardowns.add(teardown);
    void teardown.finally(() => this.teardowns.delete(teardown));
  }
}

/** WebKit on the suite's virtual display, typed as Playwright's Browser (the subset in README.md). */
export async function launchWebKit(): Promise<Browser> {
  const display = inject('display');
  if (!display) throw new Error('no X display for WebKit: the e2e global setup starts Xvfb when E2E_ENGINE=webkit');
  return new WkBrowser(display) as unknown as Browser;
}
