import type { Browser } from 'playwright-core';

/** WebKitGTK through WebKitWebDriver (being written). */
export function launchWebKit(): Promise<Browser> {
  throw new Error('WebKit driver not written yet');
}
