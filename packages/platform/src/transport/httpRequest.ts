import { utf8ByteLength } from './byteLength.js';

/**
 * Browsers refuse `keepalive` requests once the in-flight keepalive bodies exceed 64 KiB, so
 * bodies are kept a little under that when they should survive the page being left.
 */
export const KEEPALIVE_LIMIT_BYTES = 60_000;

/** One POST as the products describe it; the body is already encoded. */
export interface HttpRequest {
  url: string;
  body: string;
  /** Defaults to `application/json`. */
  contentType?: string;
  headers?: Record<string, string>;
  credentials?: RequestCredentials;
}

/**
 * What came back. `status` is 0 when there was no reply at all (network error, CORS, offline),
 * which callers treat as retryable; `body` is the parsed JSON reply when there was one.
 */
export interface HttpResult {
  status: number;
  body?: unknown;
  /** The raw `Retry-After` header, when the server sent one. */
  retryAfter?: string;
}

/**
 * POSTs with `fetch` (keepalive while the body is small) or, in old browsers without it, XHR.
 * It never rejects: every failure becomes a result, so senders need no try/catch and a
 * transport bug cannot surface as an unhandled rejection in the host page.
 */
export function httpRequest({ url, body, contentType = 'application/json', headers, credentials }: HttpRequest): Promise<HttpResult> {
  const allHeaders: Record<string, string> = { 'Content-Type': contentType, ...headers };
  return new Promise((resolve) => {
    // One place to settle: no status means no reply (0); a reply that is not JSON has no body.
    const settle = (status = 0, text?: string, retryAfter?: string | null): void => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text as string);
      } catch {
        // empty or not JSON: the status alone is the answer
      }
      resolve({ status, body: parsed, retryAfter: retryAfter || undefined });
    };
    try {
      if (typeof fetch == 'function') {
        fetch(url, {
          method: 'POST',
          body,
          headers: allHeaders,
          credentials,
          // keepalive lets a request outlive the page, but only for small bodies (shared quota).
          keepalive: utf8ByteLength(body) < KEEPALIVE_LIMIT_BYTES,
        })
          .then((response) =>
            response.text().then((text) => settle(response.status, text, response.headers.get('Retry-After'))),
          )
          .catch(() => settle());
      } else {
        // Without XMLHttpRequest either, the constructor throws and we settle with status 0.
        const xhr = new XMLHttpRequest();
        xhr.open('POST', url);
        xhr.withCredentials = credentials == 'include';
        for (const name in allHeaders) xhr.setRequestHeader(name, allHeaders[name] as string);
        // loadend fires once after load, error, abort or timeout.
        xhr.addEventListener('loadend', () => settle(xhr.status, xhr.responseText, xhr.getResponseHeader('Retry-After')));
        xhr.send(body);
      }
    } catch {
      settle();
    }
  });
}
