// Playwright-shaped locators for the WebKit page driver: a chain of steps resolved in the page
// (inPage.ts) each time it is used, with Playwright's auto-waiting for the element before an action.
import { resolverSource, type Step } from './inPage.js';
import type { ElementRef } from './webdriver.js';
import { GUARD_CLICK, TAKE_GUARD } from './clickGuard.js';

/** What a locator needs from its page: run scripts and element commands in the page's window. */
export interface LocatorHost {
  execute<T>(script: string, args?: unknown[]): Promise<T>;
  elementCommand<T>(method: 'GET' | 'POST', ref: ElementRef, path: string, body?: unknown): Promise<T>;
  pressKeys(keys: string): Promise<void>;
}

type TextMatch = string | RegExp;
const ACTION_TIMEOUT_MS = 15_000;
/** `waitFor`'s default: the other engines' DEFAULT_WAIT_MS (support/engine.ts), for a loaded CI machine. */
const WAIT_FOR_MS = 60_000;
/** In-page test for "visible" as Playwright means it: a non-empty box, not visibility:hidden. */
const SHOWN = 'const shown = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== "hidden"; };';

/**
 * In-page (a function body over `el`): scrolls `el` into view, then true once its box is the same
 * after 100 ms and the element at its centre is `el`, inside it or its label; false: "not yet".
 */
const READY_TO_CLICK = `el.scrollIntoView({ block: 'center', inline: 'center' });
  const box = () => { const r = el.getBoundingClientRect(); return [r.x, r.y, r.width, r.height].join(); };
  const before = box();
  return new Promise((wait) => setTimeout(wait, 100)).then(() => {
    if (box() !== before) return false;
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return !!hit && (el.contains(hit) || Array.from(el.labels || []).some((label) => label.contains(hit)));
  });`;

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

  /** Runs `body` over the matching elements now; `els`, `args` and `shown(el)` (visible) in scope. */
  private inPage<T>(body: string, args: unknown[] = []): Promise<T> {
    return this.host.execute<T>(`const els = (${resolverSource})(arguments[0]); const args = arguments[1]; ${SHOWN} ${body}`, [this.steps, args]);
  }
  /**
   * Waits until the first match exists (and is visible when `visible`), as Playwright's actions
   * do, and returns `read` of it (a function body over `el` and `args`) in the same round trip.
   * With `read` 'el' the element itself comes back: WebKit serializes it after the script's
   * promise settles, so a node removed in between is reported stale, and that is "not yet".
   */
  private async firstMatch<T>(visible: boolean, read: string, args: unknown[] = [], timeout = ACTION_TIMEOUT_MS): Promise<T> {
    const deadline = Date.now() + timeout;
    for (;;) {
      const found = await this.inPage<{ value: T } | null>(
        `const el = els[0]; if (!el || (args[0] && !shown(el))) return null;
         return Promise.resolve((function (el, args) { ${read} })(el, args[1])).then((value) => ({ value }));`,
        [visible, args],
      ).catch((error: unknown) => {
        if (String((error as Error).message).includes('stale element')) return null;
        throw error;
      });
      if (found) return found.value;
      if (Date.now() > deadline) throw new Error(`locator ${JSON.stringify(this.steps)}: no ${visible ? 'visible ' : ''}element after ${timeout} ms`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /**
   * Resolves the element and runs the WebDriver command `work` on it, resolving again when the
   * page replaced the node in between (WebDriver's "stale element"), as Playwright re-resolves a
   * locator per attempt.
   */
  private async act<T>(visible: boolean, work: (el: ElementRef) => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const el = await this.firstMatch<ElementRef>(visible, 'return el;');
      try {
        return await work(el);
      } catch (error) {
        if (attempt >= 20 || !String((error as Error).message).includes('stale element')) throw error;
      }
    }
  }

  count(): Promise<number> {
    return this.inPage('return els.length;');
  }
  async all(): Promise<WkLocator[]> {
    const n = await this.count();
    return Array.from({ length: n }, (_, i) => this.nth(i));
  }
  allTextContents(): Promise<string[]> {
    return this.inPage('return els.map((e) => e.textContent || "");');
  }
  textContent(): Promise<string | null> {
    return this.firstMatch(false, 'return el.textContent;');
  }
  innerText(): Promise<string> {
    return this.firstMatch(false, 'return el.innerText;');
  }
  getAttribute(name: string): Promise<string | null> {
    return this.firstMatch(false, 'return el.getAttribute(args);', [name]);
  }
  inputValue(): Promise<string> {
    return this.firstMatch(false, 'return el.value;');
  }
  isChecked(): Promise<boolean> {
    return this.firstMatch(false, 'return el.checked ?? el.getAttribute("aria-checked") === "true";');
  }
  isVisible(): Promise<boolean> {
    return this.inPage('return !!els[0] && shown(els[0]);');
  }
  /** Disabled as Playwright means it: a disabled form control, or inside a disabled fieldset. */
  isDisabled(): Promise<boolean> {
    return this.firstMatch(false, 'return el.matches(":disabled") || el.getAttribute("aria-disabled") === "true";');
  }
  async isEnabled(): Promise<boolean> {
    return !(await this.isDisabled());
  }
  async isHidden(): Promise<boolean> {
    return !(await this.isVisible());
  }
  boundingBox(): Promise<{ x: number; y: number; width: number; height: number } | null> {
    return this.firstMatch(false, 'const r = el.getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height };');
  }
  async click(): Promise<void> {
    // As Playwright does: first the element holds still and is what a click at its centre hits,
    // so a page still laying out (a late widget pushing the footer down) does not take the click
    // elsewhere. After 5 s of waiting (a custom control drawn over its input) it is clicked anyway.
    // Another element taking the click (WebDriver's "element click intercepted": a banner still
    // leaving) is waited out too, as Playwright retries a click whose target is covered, and so
    // is a click the page moved away from between aiming and landing (guardedClick).
    const giveUpAt = Date.now() + ACTION_TIMEOUT_MS;
    for (;;) {
      const deadline = Date.now() + 5000;
      while (!(await this.firstMatch<boolean>(true, READY_TO_CLICK)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      try {
        if (await this.act(true, (el) => this.guardedClick(el))) return;
        if (Date.now() > giveUpAt) throw new Error(`locator ${JSON.stringify(this.steps)}: every click landed on another element for ${ACTION_TIMEOUT_MS} ms`);
      } catch (error) {
        if (Date.now() > giveUpAt || !String((error as Error).message).includes('element click intercepted')) throw error;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  /**
   * One WebDriver click on `el`, undone when it lands elsewhere (clickGuard.ts); true when `el`
   * got it. A click that navigated away, so the guard cannot be read back, counts as delivered.
   */
  private async guardedClick(el: ElementRef): Promise<boolean> {
    await this.host.execute(GUARD_CLICK, [el]);
    try {
      await this.host.elementCommand('POST', el, '/click');
    } catch (error) {
      // A click WebDriver refused (intercepted, stale) must not leave its guard behind: it would
      // stop every later click on another element of this page.
      await this.host.execute(TAKE_GUARD).catch(() => undefined);
      throw error;
    }
    const missed = await this.host.execute<boolean>(TAKE_GUARD).catch(() => false);
    return !missed;
  }
  /** Clicks when the box is not in the state asked for (`check` and `uncheck`). */
  private async setChecked(want: boolean): Promise<void> {
    if ((await this.isChecked()) !== want) await this.click();
  }
  check = () => this.setChecked(true);
  uncheck = () => this.setChecked(false);
  async focus(): Promise<void> {
    await this.firstMatch(false, 'el.focus(); return true;');
  }
  async fill(value: string): Promise<void> {
    await this.act(true, async (el) => {
      await this.host.elementCommand('POST', el, '/clear');
      if (value) await this.host.elementCommand('POST', el, '/value', { text: value });
    });
  }
  async type(value: string): Promise<void> {
    return this.act(true, (el) => this.host.elementCommand('POST', el, '/value', { text: value }));
  }
  pressSequentially = (value: string) => this.type(value);
  async press(key: string): Promise<void> {
    await this.focus();
    await this.host.pressKeys(KEYS[key] ?? key);
  }
  async selectOption(value: string): Promise<void> {
    await this.firstMatch(false, 'el.value = args; el.dispatchEvent(new Event("input", { bubbles: true })); el.dispatchEvent(new Event("change", { bubbles: true })); return true;', [value]);
  }
  async dispatchEvent(type: string): Promise<void> {
    await this.firstMatch(false, 'el.dispatchEvent(new Event(args, { bubbles: true })); return true;', [type]);
  }
  async waitFor(options: { state?: 'attached' | 'detached' | 'visible' | 'hidden'; timeout?: number } = {}): Promise<void> {
    const state = options.state ?? 'visible';
    const timeout = options.timeout ?? WAIT_FOR_MS;
    const deadline = Date.now() + timeout;
    for (;;) {
      const [n, visible] = await this.inPage<[number, boolean]>('return [els.length, !!els[0] && shown(els[0])];');
      const done = { attached: n > 0, detached: n === 0, visible, hidden: !visible }[state];
      if (done) return;
      if (Date.now() > deadline) throw new Error(`locator ${JSON.stringify(this.steps)}: not ${state} after ${timeout} ms`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  /** Runs `fn(element, arg)` in the page on the first match. */
  evaluate<R, A>(fn: (el: Element, arg: A) => R, arg?: A): Promise<R> {
    return this.firstMatch<R>(false, `return (${fn.toString()})(el, args);`, [arg]);
  }
  /** Runs `fn(elements, arg)` in the page on every match. */
  evaluateAll<R, A>(fn: (els: Element[], arg: A) => R, arg?: A): Promise<R> {
    return this.inPage(`return (${fn.toString()})(els, args[0]);`, [arg]);
  }
}
