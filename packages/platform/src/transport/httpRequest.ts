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
  /** The raw `Retry-After` header; null when the reply had none, absent without a reply. */
  retryAfter?: string | null;
}

/**
 * POSTs with `fetch` (keepalive while the body is small) or, in old browsers without it, XHR.
 * It never rejects: every failure becomes a result, so senders need no try/catch and a
 * transport bug cannot surface as an unhandled rejection in the host page.
 */
export async function httpRequest({ url, body, contentType = 'application/json', headers, credentials }: HttpRequest): Promise<HttpResult> {
  const allHeaders: Record<string, string> = { 'Content-Type': contentType, ...headers };
  // Whatever is known when something fails stays: no reply at all is status 0, a reply that is
  // not JSON has no body.
  let status = 0;
  let text: string | undefined;
  let retryAfter: string | null | undefined;
  let reply: unknown;
  try {
    if (typeof fetch == 'function') {
      const response = await fetch(url, {
        method: 'POST',
        body,
        headers: allHeaders,
        credentials,
        // keepalive lets a request outlive the page, but only for small bodies (shared quota).
        keepalive: utf8ByteLength(body) < KEEPALIVE_LIMIT_BYTES,
      });
      status = response.status;
      retryAfter = response.headers.get('Retry-After');
      text = await response.text();
    } else {
      // Without XMLHttpRequest either, the constructor throws: status 0.
      const xhr = new XMLHttpRequest();
      xhr.open('POST', url);
      xhr.withCredentials = credentials == 'include';
      for (const name in allHeaders) xhr.setRequestHeader(name, allHeaders[name] as string);
      // loadend comes once after load, error, abort or timeout.
      await new Promise((resolve) => {
        xhr.onloadend = resolve;
        xhr.send(body);
      });
      status = xhr.status;
      retryAfter = xhr.getResponseHeader('Retry-After');
      text = xhr.responseText;
    }
    reply = JSON.parse(text);
  } catch {
    // network error, or a reply that is empty or not JSON
  }
  return { status, body: reply, retryAfter };
}
