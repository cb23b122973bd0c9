import type { Page } from 'playwright-core';

const axePath = new URL('../../../node_modules/axe-core/axe.min.js', import.meta.url).pathname;

/**
 * Puts axe-core in the page as a script from the page's own origin (answered by a route), which
 * a `script-src 'self'` policy admits in every engine. Inline injection needs the browser to
 * bypass CSP, which Firefox over WebDriver BiDi and WebKit over WebDriver cannot.
 */
export async function injectAxe(page: Page, baseURL: string): Promise<void> {
  if (await page.evaluate(() => 'axe' in window)) return;
  await page.route(`${baseURL}/__e2e/axe.min.js`, (route) => route.fulfill({ path: axePath, contentType: 'text/javascript' }));
  await page.addScriptTag({ url: `${baseURL}/__e2e/axe.min.js` });
}
