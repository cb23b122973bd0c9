import { pageState } from './pageState.js';

/** How stylesheets are known to have loaded. */
export interface StylesheetOptions {
  /** Watch `document.styleSheets` every 50 ms instead of trusting the load event (old engines). */
  poll?: boolean;
  /** Give up polling after this long; default 10 s. */
  timeoutMs?: number;
}

const POLL_MS = 50;

// The address to fetch `url` from. After a failure, a `fresh` asset carries `retry=<failures>`, so
// the retry is a URL the browser has never seen: engines that keep a failed module fetch in the
// module map (the HTML standard's rule until whatwg/html#10327; current Chromium refetches) would
// fail the same URL again without asking the server, and a 404 kept by the HTTP cache would do the
// same to a stylesheet. A URL that never failed is used as given, so nothing is fetched twice.
function address(url: string, fresh: boolean): string {
  const failures = fresh && pageState().failures.get(url);
  return failures ? url.replace(/^[^#]*/, (head) => `${head}${head.includes('?') ? '&' : '?'}retry=${failures}`) : url;
}

// One load per URL per page; a failed load is forgotten (and its element removed) and counted, so
// a later attempt starts over instead of inheriting the failure.
function once(url: string, fresh: boolean, start: (src: string) => Promise<void>): Promise<void> {
  const { assets, failures } = pageState();
  let load = assets.get(url);
  if (!load) {
    load = start(address(url, fresh));
    assets.set(url, load);
    load.catch(() => {
      assets.delete(url);
      failures.set(url, (failures.get(url) ?? 0) + 1);
    });
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

function addLink(rel: string, href: string): HTMLLinkElement {
  const link = document.createElement('link');
  link.rel = rel;
  link.href = href;
  return link;
}

/**
 * Adds a module script for `url` once per page and resolves after it has run; after a failure a
 * `fresh` one is fetched from a new address (see address()).
 */
export function loadScript(url: string, fresh = false): Promise<void> {
  return once(url, fresh, (src) => {
    const script = document.createElement('script');
    script.type = 'module';
    script.src = src;
    const done = settle(script, url);
    document.head.appendChild(script);
    return done;
  });
}

/**
 * Runs one reply's module scripts in the reply's order, whether or not they import each other,
 * and resolves after the last has run (rejects at the first that fails; later ones are not run).
 *
 * Script elements added by code run in the order their files arrive, so each script is added only
 * after the one before it has run. Fetching need not wait, though: every script not yet asked for
 * is announced up front with `<link rel=modulepreload>`, which fetches it into the module map
 * without running it, so the chain only waits for execution. Browsers without modulepreload
 * ignore the link and fetch each script when its turn comes: slower, still in order.
 *
 * Only `entries` (the scripts that define components: the reply's mappings) are retried from a
 * fresh address. The other scripts are chunks that later scripts import by their plain URL: a
 * fresh copy would be a second instance of the module, run beside the one the importers get.
 */
export async function loadScripts(urls: string[], entries: string[] = []): Promise<void> {
  const { assets } = pageState();
  const fresh = (url: string) => entries.includes(url);
  for (const url of urls) if (!assets.has(url)) document.head.appendChild(addLink('modulepreload', address(url, fresh(url))));
  for (const url of urls) await loadScript(url, fresh(url));
}

/**
 * Adds a stylesheet link for `url` once per page and resolves when it applies; after a failure it
 * is fetched from a new address (a second copy of a stylesheet is harmless).
 */
export function loadStylesheet(url: string, { poll = false, timeoutMs = 10_000 }: StylesheetOptions = {}): Promise<void> {
  return once(url, true, (href) => {
    const link = addLink('stylesheet', href);
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
