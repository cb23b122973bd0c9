import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../testing/testApp.js';
import { createTestApp } from '../testing/testApp.js';
import { DRAIN_RETRY_AFTER_S } from './draining.js';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close().catch(() => undefined);
  t = undefined;
});

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** A raw client connection: what it has received so far, and a promise of everything once it closes. */
function rawClient(port: number): { socket: Socket; closed: Promise<string> } {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString()));
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(received)));
  return { socket, closed };
}

const header = (raw: string, name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(raw)?.[1]?.trim();

describe('shutting down', () => {
  it('lets requests in flight finish with Connection: close, and answers new ones 503 with Retry-After', async () => {
    t = await createTestApp();
    const app = t.app;
    // A request that stays in flight until the test lets it go.
    const entered = deferred();
    const release = deferred();
    app.get('/test/slow', async () => {
      entered.resolve();
      await release.promise;
      return { slow: 'done' };
    });
    // Runs after the drain's own preClose hook: from here on the server is draining.
    const draining = deferred();
    app.addHook('preClose', async () => draining.resolve());
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;

    // A request that has begun (so closing does not count its connection idle) but is not
    // complete: it becomes a request only once the server is draining. Its bytes are sent before
    // the slow request's connection opens, so the server has read them by the time that one runs.
    const late = rawClient(port);
    late.socket.write('GET /healthz HTTP/1.1\r\nHost: test\r\n');
    const slow = rawClient(port);
    slow.socket.write('GET /test/slow HTTP/1.1\r\nHost: test\r\n\r\n');
    await entered.promise;

    const closing = app.close();
    await draining.promise;
    late.socket.write('\r\n');
    const refused = await late.closed;
    expect(refused).toMatch(/^HTTP\/1\.1 503 /);
    expect(header(refused, 'retry-after')).toBe(String(DRAIN_RETRY_AFTER_S));
    expect(header(refused, 'connection')).toBe('close');
    expect(JSON.parse(refused.slice(refused.indexOf('\r\n\r\n') + 4))).toEqual({
      statusCode: 503,
      code: 'TARMAC_SHUTTING_DOWN',
      reason: 'The server is shutting down',
    });

    release.resolve();
    const finished = await slow.closed;
    expect(finished).toMatch(/^HTTP\/1\.1 200 /);
    expect(header(finished, 'connection')).toBe('close');
    expect(finished).toContain('{"slow":"done"}');
    await closing;
  });

  it('keeps connections alive while not draining', async () => {
    t = await createTestApp();
    const reply = await t.app.inject({ url: '/healthz' });
    expect(reply.headers.connection).toBe('keep-alive');
  });
});
