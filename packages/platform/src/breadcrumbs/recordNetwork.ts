import { replace } from './restorable.js';
import type { Trail } from './trail.js';

/**
 * Records every fetch and XMLHttpRequest when it settles as `fetch GET /path 200 123`
 * (method as the page gave it, URL without query string and fragment — they often carry tokens and personal data —
 * status, 0 when no response came, and duration in ms). Requests to a URL containing one of
 * `ignore` (the logger's own endpoint) are left out: they would fill the trail with the
 * reporting of the very errors it explains.
 */
export function recordNetwork(trail: Trail, ignore: string[], undo: Array<() => void>): void {
  // Called when a request starts; the function it returns is called with the final status.
  const started = (kind: string, method: string, url: string) => {
    const start = Date.now();
    return (status: number): void => {
      if (!ignore.some((part) => url.includes(part)))
        trail.add(kind, `${method} ${url.split(/[?#]/)[0]} ${status} ${Date.now() - start}`);
    };
  };
  if (typeof fetch === 'function')
    undo.push(
      replace(globalThis, 'fetch', (original) =>
        function (this: unknown, input: RequestInfo | URL, init?: RequestInit) {
          const done = started('fetch', init?.method || (input as Request).method || 'GET', String((input as Request).url || input));
          // eslint-disable-next-line prefer-rest-params -- passes on exactly what the page passed
          return original.apply(this, arguments as unknown as Parameters<typeof fetch>).then(
            (response) => (done(response.status), response),
            (error: unknown) => {
              done(0);
              throw error;
            },
          );
        },
      ),
    );
  const xhr = globalThis.XMLHttpRequest?.prototype;
  if (xhr)
    undo.push(
      // Timed from open(), not send(): one hook instead of two, and the gap is the page's own code.
      replace(xhr, 'open', (original) =>
        function (this: XMLHttpRequest, method: string, url: string | URL) {
          const done = started('xhr', method, String(url));
          this.addEventListener('loadend', () => done(this.status), { once: true });
          // eslint-disable-next-line prefer-rest-params
          return original.apply(this, arguments as unknown as Parameters<typeof original>);
        } as typeof original,
      ),
    );
}
