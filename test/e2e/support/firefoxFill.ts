import type { Locator, Page } from 'playwright-core';

let patched = false;

/**
 * Playwright's `fill()` over WebDriver BiDi sets an input's value in a way React's controlled
 * inputs never hear (the DOM shows the text, the component state stays empty), so the demo's
 * search form submits empty fields in Firefox. As a user types, this fill selects the field's
 * content and types the value key by key, which every framework hears. Patched once, on the
 * Locator prototype, for the Firefox run only.
 */
export function typeInsteadOfFill(page: Page): void {
  if (patched) return;
  patched = true;
  const proto = Object.getPrototypeOf(page.locator('body')) as Locator;
  proto.fill = async function (this: Locator, value: string, options?: { timeout?: number }) {
    await this.evaluate((el) => {
      (el as HTMLElement).focus();
      if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) el.select();
    }, undefined, options);
    if (value === '') await this.press('Delete', options);
    else await this.pressSequentially(value, options);
  };
}
