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

const parseJson = (text: string): unknown => {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

function viaFetch(request: HttpRequest, headers: Record<string, string>): Promise<HttpResult> {
  return fetch(request.url, {
    method: 'POST',
    body: request.body,
    headers,
    credentials: request.credentials ?? 'same-origin',
    // keepalive lets a request outlive the page, but only for small bodies (shared quota).
    keepalive: utf8ByteLength(request.body) < KEEPALIVE_LIMIT_BYTES,
  })
    .then(async (response) =>
      toResult(response.status, await response.text().catch(() => ''), response.headers.get('Retry-After')),
    )
    .catch(() => ({ status: 0 }));
}

function viaXhr(request: HttpRequest, headers: Record<string, string>): Promise<HttpResult> {
  return new Promise((resolve) => {
    try {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', request.url, true);
      xhr.withCredentials = request.credentials === 'include';
      for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
      // loadend fires once after load, error, abort or timeout: a single place to settle.
      xhr.addEventListener('loadend', () => {
        const text = typeof xhr.responseText === 'string' ? xhr.responseText : '';
        resolve(toResult(xhr.status, text, xhr.getResponseHeader('Retry-After')));
      });
      xhr.send(request.body);
    } catch {
      resolve({ status: 0 });
    }
  });
}

function toResult(status: number, text: string, retryAfter: string | null): HttpResult {
  const result: HttpResult = { status };
  const body = parseJson(text);
  if (body !== undefined) result.body = body;
  if (retryAfter) result.retryAfter = retryAfter;
  return result;
}

/**
 * POSTs with `fetch` (keepalive while the body is small) or, in old browsers without it, XHR.
 * It never rejects: every failure becomes a result, so senders need no try/catch and a
 * transport bug cannot surface as an unhandled rejection in the host page.
 */
export function httpRequest(request: HttpRequest): Promise<HttpResult> {
  const headers = { 'Content-Type': request.contentType ?? 'application/json', ...request.headers };
  try {
    if (typeof fetch === 'function') return viaFetch(request, headers);
    if (typeof XMLHttpRequest === 'function') return viaXhr(request, headers);
  } catch {
    // fall through: a throwing fetch polyfill is the same as no network
  }
  return Promise.resolve({ status: 0 });
}
