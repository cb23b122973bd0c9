import { pageState } from './pageState.js';

/** How stylesheets are known to have loaded. */
export interface StylesheetOptions {
  /** Watch `document.styleSheets` every 50 ms instead of trusting the load event (old engines). */
  poll?: boolean;
  /** Give up polling after this long; default 10 s. */
  timeoutMs?: number;
}

const POLL_MS = 50;

// One load per URL per page; a failed load is forgotten (and its element removed) so a later
// attempt starts over instead of inheriting the failure.
function once(url: string, start: () => Promise<void>): Promise<void> {
  const { assets } = pageState();
  let load = assets.get(url);
  if (!load) {
    load = start();
    assets.set(url, load);
    load.catch(() => assets.delete(url));
  }
  return load;
}

// Resolves on the element's load event, rejects on its error event.
const settle = (element: HTMLElement, url: string) =>
  new Promise<void>((resolve, reject) => {
    element.onload = () => resolve();
    element.onerror = () => {
      element.remove();
      reject(new Error(`Could not load ${url}`));
    };
  });

/** Adds a module script for `url` once per page and resolves after it has run. */
export function loadScript(url: string): Promise<void> {
  return once(url, () => {
    const script = document.createElement('script');
    script.type = 'module';
    script.src = url;
    const done = settle(script, url);
    document.head.appendChild(script);
    return done;
  });
}

/** Adds a stylesheet link for `url` once per page and resolves when it applies. */
export function loadStylesheet(url: string, { poll = false, timeoutMs = 10_000 }: StylesheetOptions = {}): Promise<void> {
  return once(url, () => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = url;
    const done = poll ? pollSheet(link, url, timeoutMs) : settle(link, url);
    document.head.appendChild(link);
    return done;
  });
}

function pollSheet(link: HTMLLinkElement, url: string, timeoutMs: number): Promise<void> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      const href = link.href;
      if (Array.from(document.styleSheets).some((sheet) => sheet.href === href)) {
        clearInterval(timer);
        resolve();
      } else if (Date.now() - started >= timeoutMs) {
        clearInterval(timer);
        link.remove();
        reject(new Error(`Stylesheet ${url} did not load within ${timeoutMs} ms`));
      }
    }, POLL_MS);
  });
}
