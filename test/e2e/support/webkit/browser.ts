// A Playwright-shaped Browser for WebKitGTK: WebKitWebDriver (W3C WebDriver classic) starting
// MiniBrowser in automation mode on the virtual display the global setup started. Playwright
// itself drives only its own patched WebKit builds, not the WebKitGTK of a Linux distribution.
import type { Browser } from 'playwright-core';
import { inject } from 'vitest';
import { WkContext, type WkContextOptions } from './context.js';
import type { WkPage } from './page.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The X display (e.g. ':99') WebKit opens its windows on; set by the global setup. */
    display: string;
  }
}

/** The browser: one WebKitWebDriver and MiniBrowser session per context, on one X display. */
export class WkBrowser {
  private readonly live = new Set<WkContext>();
  constructor(private readonly display: string) {}

  async newContext(options: WkContextOptions = {}): Promise<WkContext> {
    const context = await WkContext.create(this.display, options, (c) => this.live.delete(c));
    this.live.add(context);
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
    for (const context of [...this.live]) await context.close().catch(() => undefined);
  }
}

/** WebKit on the suite's virtual display, typed as Playwright's Browser (the subset in README.md). */
export async function launchWebKit(): Promise<Browser> {
  const display = inject('display');
  if (!display) throw new Error('no X display for WebKit: the e2e global setup starts Xvfb when E2E_ENGINE=webkit');
  return new WkBrowser(display) as unknown as Browser;
}
