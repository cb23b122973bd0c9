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
 * POSTs with `fetch`, with keepalive while the body is small. It never rejects: every failure
 * becomes a result, so senders need no try/catch and a transport bug cannot surface as an
 * unhandled rejection in the host page. No XMLHttpRequest fallback: the platform ships as
 * ES2022, which no engine without `fetch` can even parse.
 */
export async function httpRequest({ url, body, contentType = 'application/json', headers, credentials }: HttpRequest): Promise<HttpResult> {
  // Whatever is known when something fails stays: no reply at all is status 0, a reply that is
  // not JSON has no body.
  let status = 0;
  let retryAfter: string | null | undefined;
  let reply: unknown;
  try {
    const response = await fetch(url, {
      method: 'POST',
      body,
      headers: { 'Content-Type': contentType, ...headers },
      credentials,
      // keepalive lets a request outlive the page, but only for small bodies (shared quota).
      keepalive: utf8ByteLength(body) < KEEPALIVE_LIMIT_BYTES,
    });
    status = response.status;
    retryAfter = response.headers.get('Retry-After');
    reply = await response.json();
  } catch {
    // network error, or a reply that is empty or not JSON
  }
  return { status, body: reply, retryAfter };
}
