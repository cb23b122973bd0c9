import { describe, expect, inject, it } from 'vitest';
import { chromiumForThisFile, openFixture } from './support/browser.js';

// The drivers' clicks, checked in every engine: a test that clicks a button must reach that button,
// even when the page moves it between the driver's aim and the mouse events (a widget arriving
// above it), as Playwright guarantees. Our WebKit driver had clicked the wrong spot and reported
// success (support/webkit/clickGuard.ts); this is the case made deterministic.
const baseURL = inject('baseURL');
const browser = chromiumForThisFile();

describe('a click the page moves away from', () => {
  it('reaches its button, and nothing else receives a click', async () => {
    const page = await browser.newPage();
    // The mouse arriving over the button (the driver bringing it there) inserts a tall block above
    // the button, once: the rest of the click, at the same point, lands on the block (in WebKit,
    // whose press still goes to the button, the release and so the click).
    await openFixture(page, baseURL, 'driver-clicks', `
      <div id="above"></div>
      <button id="target" type="button" style="display:block;width:200px;height:40px">Target</button>
      <script>
        window.clicked = [];
        document.addEventListener('click', (event) => clicked.push(event.target.id || event.target.tagName), true);
        document.getElementById('target').addEventListener('pointerover', () => {
          const above = document.getElementById('above');
          above.style.cssText = 'height:300px;background:#eee';
          above.id = 'block';
        }, { once: true });
      </script>`);
    await page.locator('#target').click();
    // Every click the page saw, in order: the block never got one (a stray click would have been
    // its own bug on a real page), and the button got exactly one.
    expect(await page.evaluate(() => (window as unknown as { clicked: string[] }).clicked)).toEqual(['target']);
    await page.close();
  });

  it('passes a click on a label’s text to its checkbox, inside the label or named by it', async () => {
    const page = await browser.newPage();
    await openFixture(page, baseURL, 'driver-labels', `
      <label><input type="checkbox" id="inside"> <span>Direct flights only</span></label>
      <label for="apart"><span>Free cancellation</span></label>
      <p><input type="checkbox" id="apart"></p>`);
    await page.getByText('Direct flights only').click();
    await page.getByText('Free cancellation').click();
    expect(await page.locator('#inside').isChecked()).toBe(true);
    expect(await page.locator('#apart').isChecked()).toBe(true);
    await page.close();
  });

  it('waits out a cover over its button, then clicks the next button as well', async () => {
    const page = await browser.newPage();
    // A cover over the whole page for 6 s: longer than the driver waits for a clear target
    // before it clicks anyway, so WebDriver answers "element click intercepted" at least once.
    await openFixture(page, baseURL, 'driver-cover', `
      <button id="first" type="button">First</button>
      <button id="second" type="button">Second</button>
      <div id="cover" style="position:fixed;inset:0;background:rgba(0,0,0,.2)"></div>
      <script>
        window.clicked = [];
        document.addEventListener('click', (event) => clicked.push(event.target.id || event.target.tagName), true);
        setTimeout(() => document.getElementById('cover').remove(), 6000);
      </script>`);
    await page.locator('#first').click();
    await page.locator('#second').click();
    expect(await page.evaluate(() => (window as unknown as { clicked: string[] }).clicked)).toEqual(['first', 'second']);
    await page.close();
  });
});
