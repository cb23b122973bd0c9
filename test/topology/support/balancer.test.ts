import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/lib/privateServices.mjs';
import { startBalancer, type Balancer } from './balancer.js';

// The balancer's own behaviour, which the fault run's figures rely on.

const opened: { close(): unknown }[] = [];
afterEach(async () => {
  for (const thing of opened.splice(0)) await thing.close();
});

async function upstream(handler: Parameters<typeof createServer>[1]): Promise<number> {
  const server: Server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  opened.push({ close: () => new Promise((resolve) => server.close(resolve)) });
  return (server.address() as AddressInfo).port;
}

async function balancer(ports: number[]): Promise<Balancer> {
  const started = await startBalancer(() => ports);
  opened.push(started);
  return started;
}

const post = (b: Balancer, body: string) => fetch(`${b.url}/echo?x=1`, { method: 'POST', body, headers: { 'content-type': 'text/plain' } });

describe('the test balancer', () => {
  it('takes turns and passes method, path, Host and body through', async () => {
    const seen: string[] = [];
    const echo = (name: string) =>
      upstream((request, response) => {
        let body = '';
        request.on('data', (chunk: Buffer) => (body += chunk.toString()));
        request.on('end', () => {
          seen.push(`${name} ${request.method} ${request.url} ${request.headers.host} ${body}`);
          response.writeHead(201, { 'x-from': name }).end(name);
        });
      });
    const b = await balancer([await echo('a'), await echo('b')]);
    const replies = [await post(b, 'one'), await post(b, 'two'), await post(b, 'three')];
    expect(replies.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(await Promise.all(replies.map((r) => r.text()))).toEqual(['a', 'b', 'a']);
    expect(seen).toEqual([`a POST /echo?x=1 127.0.0.1:${b.port} one`, `b POST /echo?x=1 127.0.0.1:${b.port} two`, `a POST /echo?x=1 127.0.0.1:${b.port} three`]);
  });

  it('sends a refused connection to the next instance, and answers 502 when none accepts', async () => {
    const down = await freePort();
    const up = await upstream((_request, response) => response.end('up'));
    const b = await balancer([down, up]);
    expect(await (await post(b, 'x')).text()).toBe('up');
    expect(await (await post(b, 'y')).text()).toBe('up');
    // A failover uses up a turn too, so here every request meets the down instance first.
    expect(b.stats.connectFailovers).toBe(2);
    const none = await balancer([down]);
    expect((await post(none, 'z')).status).toBe(502);
    expect(none.stats.noUpstream).toBe(1);
  });

  it('answers 502 when the instance dies with the request in flight, without trying another', async () => {
    let reached = 0;
    const dies = await upstream((request) => {
      reached += 1;
      request.socket.destroy();
    });
    const b = await balancer([dies, dies]);
    expect((await post(b, 'x')).status).toBe(502);
    expect(reached).toBe(1);
    expect(b.stats.cutMidFlight).toBe(1);
  });
});
