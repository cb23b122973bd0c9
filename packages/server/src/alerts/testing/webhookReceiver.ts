import { createServer } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the receiver got. */
export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  /** The body exactly as sent, for checking the signature. */
  raw: string;
  body: unknown;
}

/** A local webhook receiver for tests: answers with `replies` in order (200 when none is left). */
export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** Replies still to give: a status, or a status with a Retry-After header. */
  replies: Array<number | [number, string]>;
  /** Resolves once `count` requests have arrived (polls; the test's own timeout bounds it). */
  waitFor(count: number): Promise<ReceivedWebhook[]>;
  /** Stops listening; its port refuses connections afterwards. */
  stop(): Promise<void>;
}

/** Starts a receiver on a free local port. */
export async function startWebhookReceiver(path = '/hooks/tarmac'): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const replies: WebhookReceiver['replies'] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        body = undefined;
      }
      received.push({ headers: request.headers, raw, body });
      const [status, retryAfter] = [replies.shift() ?? 200].flat() as [number, string?];
      response.writeHead(status, retryAfter ? { 'retry-after': retryAfter } : {});
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    received,
    replies,
    async waitFor(count) {
      while (received.length < count) await new Promise((resolve) => setTimeout(resolve, 10));
      return received;
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
