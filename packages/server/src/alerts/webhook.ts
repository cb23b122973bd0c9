import { createHmac } from 'node:crypto';
import type { AlertAttempt } from './contract.js';

/** Headers of every delivery (docs/alerts.md says how a receiver checks them). */
export const SIGNATURE_HEADER = 'x-tarmac-signature';
export const TIMESTAMP_HEADER = 'x-tarmac-timestamp';
export const DELIVERY_HEADER = 'x-tarmac-delivery';
export const EVENT_HEADER = 'x-tarmac-event';

/**
 * `sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">` under the rule's secret. The timestamp is
 * signed with the body so a receiver can refuse an old delivery replayed at it.
 */
export function signDelivery(secret: string, timestamp: number, body: string): string {
  return 'sha256=' + createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** What one POST needs: where, the secret, and the delivery's identity. */
export interface WebhookRequest {
  url: string;
  secret: string;
  deliveryId: number;
  kind: string;
  body: string;
}

/** An attempt's outcome, with the wait a 429 or 503 asked for (ms) when it named one. */
export type WebhookOutcome = AlertAttempt & { retryAfterMs?: number };

// Seconds or an HTTP date (RFC 9110); anything else is no instruction.
function retryAfterMs(value: string | null, now: number): number | undefined {
  if (!value) return undefined;
  if (/^\d{1,9}$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

// Why a request got no response, without anything of the request itself (the URL may carry a token).
function failureText(error: unknown): string {
  const { name, cause } = error as { name?: string; cause?: { code?: unknown } };
  if (name === 'TimeoutError' || name === 'AbortError') return 'timed out';
  const code = typeof cause?.code === 'string' ? cause.code : undefined;
  return code ? `no response (${code})` : 'no response';
}

/**
 * POSTs one delivery: JSON, signed, redirects not followed (a webhook that moved is
 * misconfigured, and following would let a receiver point the server elsewhere), cut off after
 * `timeoutMs`. Never throws: a failure is an attempt with status 0 and the reason.
 */
export async function postWebhook(
  request: WebhookRequest,
  options: { fetch: typeof fetch; timeoutMs: number; now: () => number },
): Promise<WebhookOutcome> {
  const at = options.now();
  const timestamp = Math.floor(at / 1000);
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  try {
    const response = await options.fetch(request.url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Tarmac-Alerts/1',
        [DELIVERY_HEADER]: String(request.deliveryId),
        [EVENT_HEADER]: request.kind,
        [TIMESTAMP_HEADER]: String(timestamp),
        [SIGNATURE_HEADER]: signDelivery(request.secret, timestamp, request.body),
      },
      body: request.body,
    });
    // The reply's body is not read; cancelling it frees the connection at once.
    await response.body?.cancel().catch(() => undefined);
    const ok = response.status >= 200 && response.status < 300;
    const wait = retryAfterMs(response.headers.get('retry-after'), at);
    return {
      at,
      status: response.status,
      error: ok ? null : response.status >= 300 && response.status < 400 ? 'redirect not followed' : `HTTP ${response.status}`,
      durationMs: took(),
      ...(wait === undefined ? {} : { retryAfterMs: wait }),
    };
  } catch (error) {
    return { at, status: 0, error: failureText(error), durationMs: took() };
  }
}
