import { createHmac } from 'node:crypto';
import { createServer } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WebhookReceiver } from './testing/webhookReceiver.js';
import { startWebhookReceiver } from './testing/webhookReceiver.js';
import { postWebhook, signDelivery } from './webhook.js';

let receiver: WebhookReceiver;
beforeEach(async () => {
  receiver = await startWebhookReceiver();
});
afterEach(async () => {
  await receiver.stop();
});

const SECRET = 'rule-secret-0123456789';
const send = (url = receiver.url, timeoutMs = 5_000) =>
  postWebhook({ url, secret: SECRET, deliveryId: 7, kind: 'regression', body: '{"id":7,"summary":"x"}' }, { fetch, timeoutMs, now: () => 1_700_000_000_123 });

describe('postWebhook', () => {
  it('POSTs the JSON body signed with HMAC-SHA256 over "<timestamp>.<body>"', async () => {
    const attempt = await send();
    expect(attempt).toMatchObject({ at: 1_700_000_000_123, status: 200, error: null });
    const [request] = receiver.received;
    expect(request!.raw).toBe('{"id":7,"summary":"x"}');
    expect(request!.headers).toMatchObject({
      'content-type': 'application/json',
      'x-tarmac-delivery': '7',
      'x-tarmac-event': 'regression',
      'x-tarmac-timestamp': '1700000000',
    });
    // What a receiver computes from the secret it was given, independently of signDelivery.
    const expected = createHmac('sha256', SECRET).update(`1700000000.${request!.raw}`).digest('hex');
    expect(request!.headers['x-tarmac-signature']).toBe(`sha256=${expected}`);
    expect(signDelivery('another-secret-0123456', 1_700_000_000, request!.raw)).not.toBe(`sha256=${expected}`);
  });

  it('reports a refusal with its status and the Retry-After it asked for', async () => {
    receiver.replies.push([503, '120']);
    expect(await send()).toMatchObject({ status: 503, error: 'HTTP 503', retryAfterMs: 120_000 });
  });

  it('does not follow redirects', async () => {
    receiver.replies.push([307, '']);
    expect(await send()).toMatchObject({ status: 307, error: 'redirect not followed' });
    expect(receiver.received).toHaveLength(1);
  });

  it('turns no response into status 0 with the reason, never throwing', async () => {
    const url = receiver.url;
    await receiver.stop(); // nothing listens on its port any more
    expect(await send(url)).toMatchObject({ status: 0, error: 'no response (ECONNREFUSED)' });
    receiver = await startWebhookReceiver();
  });

  it('gives up on a receiver that does not answer in time', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => void sockets.push(socket)); // accepts, never answers
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as AddressInfo;
      expect(await send(`http://127.0.0.1:${port}/`, 100)).toMatchObject({ status: 0, error: 'timed out' });
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
