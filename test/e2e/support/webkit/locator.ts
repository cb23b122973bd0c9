// Playwright-shaped locators for the WebKit page driver: a chain of steps resolved in the page
// (inPage.ts) each time it is used, with Playwright's auto-waiting for the element before an action.
import { resolverSource, type Step } from './inPage.js';
import type { ElementRef } from './webdriver.js';

/** What a locator needs from its page: run scripts and element commands in the page's window. */
export interface LocatorHost {
  execute<T>(script: string, args?: unknown[]): Promise<T>;
  elementCommand<T>(method: 'GET' | 'POST', ref: ElementRef, path: string, body?: unknown): Promise<T>;
  pressKeys(keys: string): Promise<void>;
}

type TextMatch = string | RegExp;
const ACTION_TIMEOUT_MS = 15_000;

/** WebDriver key codes for the named keys the tests press. */
export const KEYS: Record<string, string> = {
  Enter: '\uE007', Tab: '\uE004', Escape: '\uE00C', Backspace: '\uE003', Delete: '\uE017', Space: ' ',
  ArrowLeft: '\uE012', ArrowUp: '\uE013', ArrowRight: '\uE014', ArrowDown: '\uE015', Home: '\uE011', End: '\uE010',
};

function text(match: TextMatch): string | { source: string; flags: string } {
  return typeof match === 'string' ? match : { source: match.source, flags: match.flags };
}

/** A lazily resolved set of elements, as Playwright's Locator (the subset the suite uses). */
export class WkLocator {
  constructor(
    private readonly host: LocatorHost,
    private readonly steps: Step[],
  ) {}

  private with(...steps: Step[]): WkLocator {
    return new WkLocator(this.host, [...this.steps, ...steps]);
  }
  locator(css: string, options: { hasText?: TextMatch } = {}): WkLocator {
    return options.hasText === undefined ? this.with({ css }) : this.with({ css }, { hasText: text(options.hasText) });
  }
  getByTestId(testId: string): WkLocator {
    return this.with({ testId });
  }
  getByRole(role: string, options: { name?: TextMatch; exact?: boolean } = {}): WkLocator {
    return this.with({ role, name: options.name === undefined ? undefined : text(options.name), exact: options.exact });
  }
  getByText(match: TextMatch, options: { exact?: boolean } = {}): WkLocator {
    return this.with({ text: text(match), exact: options.exact });
  }
  filter(options: { hasText?: TextMatch }): WkLocator {
    return options.hasText === undefined ? this : this.with({ hasText: text(options.hasText) });
  }
  first(): WkLocator {
    return this.with({ nth: 0 });
  }
  last(): WkLocator {
    return this.with({ nth: -1 });
  }
  nth(index: number): WkLocator {
    return this.with({ nth: index });
  }

  /** The matching elements now (no waiting). */
  private resolve(): Promise<ElementRef[]> {
    return this.host.execute<ElementRef[]>(`return (${resolverSource})(arguments[0]);`, [this.steps]);
  }
  /** Runs `body` (with `els` in scope) over the matching elements now. */
  private inPage<T>(body: string, args: unknown[] = []): Promise<T> {
    return this.host.execute<T>(`const els = (${resolverSource})(arguments[0]); const args = arguments[1]; ${body}`, [this.steps, args]);
  }
  /** Waits until the first match exists (and is visible when `visible`), as Playwright's actions do. */
  private async element(visible = false, timeout = ACTION_TIMEOUT_MS): Promise<ElementRef> {
    const deadline = Date.now() + timeout;
    for (;;) {
      const found = await this.inPage<ElementRef | null>(
        `const el = els[0]; if (!el || !args[0]) return el || null; const r = el.getBoundingClientRect();
         return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden' ? el : null;`,
        [visible],
      );
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`locator ${JSON.stringify(this.steps)}: no ${visible ? 'visible ' : ''}element after ${timeout} ms`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async count(): Promise<number> {
    return (await this.resolve()).length;
  }
  async all(): Promise<WkLocator[]> {
    const n = await this.count();
    return Array.from({ length: n }, (_, i) => this.nth(i));
  }
  allTextContents(): Promise<string[]> {
    return this.inPage('return els.map((e) => e.textContent || "");');
  }
  async textContent(): Promise<string | null> {
    const el = await this.element();
    return this.host.execute('return arguments[0].textContent;', [el]);
  }
  async innerText(): Promise<string> {
    const el = await this.element();
    return this.host.execute('return arguments[0].innerText;', [el]);
  }
  async getAttribute(name: string): Promise<string | null> {
    const el = await this.element();
    return this.host.execute('return arguments[0].getAttribute(arguments[1]);', [el, name]);
  }
  async inputValue(): Promise<string> {
    const el = await this.element();
    return this.host.execute('return arguments[0].value;', [el]);
  }
  async isChecked(): Promise<boolean> {
    const el = await this.element();
    return this.host.execute('const e = arguments[0]; return e.checked ?? e.getAttribute("aria-checked") === "true";', [el]);
  }
  isVisible(): Promise<boolean> {
    return this.inPage('const el = els[0]; if (!el) return false; const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== "hidden";');
  }
  async isHidden(): Promise<boolean> {
    return !(await this.isVisible());
  }
  async boundingBox(): Promise<{ x: number; y: number; width: number; height: number } | null> {
    const el = await this.element();
    return this.host.execute('const r = arguments[0].getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height };', [el]);
  }
  async click(): Promise<void> {
    const el = await this.element(true);
    await this.host.elementCommand('POST', el, '/click');
  }
  async check(): Promise<void> {
    if (!(await this.isChecked())) await this.click();
  }
  async uncheck(): Promise<void> {
    if (await this.isChecked()) await this.click();
  }
  async focus(): Promise<void> {
    const el = await this.element();
    await this.host.execute('arguments[0].focus();', [el]);
  }
  async fill(value: string): Promise<void> {
    const el = await this.element(true);
    await this.host.elementCommand('POST', el, '/clear');
    if (value) await this.host.elementCommand('POST', el, '/value', { text: value });
  }
  async type(value: string): Promise<void> {
    const el = await this.element(true);
    await this.host.elementCommand('POST', el, '/value', { text: value });
  }
  async pressSequentially(value: string): Promise<void> {
    await this.type(value);
  }
  async press(key: string): Promise<void> {
    await this.focus();
    await this.host.pressKeys(KEYS[key] ?? key);
  }
  async selectOption(value: string): Promise<void> {
    const el = await this.element();
    await this.host.execute(
      'const s = arguments[0]; s.value = arguments[1]; s.dispatchEvent(new Event("input", { bubbles: true })); s.dispatchEvent(new Event("change", { bubbles: true }));',
      [el, value],
    );
  }
  async dispatchEvent(type: string): Promise<void> {
    const el = await this.element();
    await this.host.execute('arguments[0].dispatchEvent(new Event(arguments[1], { bubbles: true }));', [el, type]);
  }
  async waitFor(options: { state?: 'attached' | 'detached' | 'visible' | 'hidden'; timeout?: number } = {}): Promise<void> {
    const state = options.state ?? 'visible';
    const timeout = options.timeout ?? ACTION_TIMEOUT_MS * 2;
    const deadline = Date.now() + timeout;
    for (;;) {
      const n = await this.count();
      const visible = n > 0 && (await this.isVisible());
      const done = { attached: n > 0, detached: n === 0, visible, hidden: !visible }[state];
      if (done) return;
      if (Date.now() > deadline) throw new Error(`locator ${JSON.stringify(this.steps)}: not ${state} after ${timeout} ms`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  /** Runs `fn(element, arg)` in the page on the first match. */
  async evaluate<R, A>(fn: (el: Element, arg: A) => R, arg?: A): Promise<R> {
    const el = await this.element();
    return this.host.execute(`return (${fn.toString()})(arguments[0], arguments[1]);`, [el, arg]);
  }
  /** Runs `fn(elements, arg)` in the page on every match. */
  evaluateAll<R, A>(fn: (els: Element[], arg: A) => R, arg?: A): Promise<R> {
    return this.inPage(`return (${fn.toString()})(els, args[0]);`, [arg]);
  }
}
