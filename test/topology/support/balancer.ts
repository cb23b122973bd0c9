import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The balancer in front of the instances, with what it saw. */
export interface Balancer {
  url: string;
  port: number;
  stats: { requests: number; connectFailovers: number; cutMidFlight: number; noUpstream: number };
  close(): Promise<void>;
}

// Bodies of ingest requests are small; buffering them lets a refused connection go to the next
// instance with the very same bytes.
const MAX_BODY = 1024 * 1024;

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) request.destroy(new Error('body too large for the test balancer'));
      else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

type Attempt = 'connect-failed' | 'done';

/**
 * A small round-robin HTTP load balancer, as a real one behaves where it matters here: a
 * connection an instance refuses (it is down) goes to the next instance, since nothing reached the
 * refusing one; a request cut after it reached an instance (SIGKILL mid-request) is answered 502,
 * because the balancer cannot know whether it was acted upon; the client retries. The Host header
 * passes through, so the instances see the origin the browser used.
 */
export async function startBalancer(upstreamPorts: () => readonly number[]): Promise<Balancer> {
  const stats = { requests: 0, connectFailovers: 0, cutMidFlight: 0, noUpstream: 0 };
  let next = 0;

  const forward = (port: number, request: IncomingMessage, body: Buffer, response: ServerResponse): Promise<Attempt> =>
    new Promise((resolve) => {
      let connected = false;
      const upstream = httpRequest({ host: '127.0.0.1', port, method: request.method, path: request.url, headers: request.headers, agent: false });
      upstream.on('socket', (socket) => {
        if (!socket.connecting) connected = true;
        else socket.once('connect', () => (connected = true));
      });
      upstream.on('response', (reply) => {
        response.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(response);
        // The instance died while sending its reply: the client sees a cut response.
        reply.on('error', () => response.destroy());
        reply.on('aborted', () => response.destroy());
        reply.on('end', () => resolve('done'));
      });
      upstream.on('error', () => {
        if (!connected) return resolve('connect-failed');
        stats.cutMidFlight += 1;
        if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain', connection: 'close' }).end('upstream cut the request');
        else response.destroy();
        resolve('done');
      });
      upstream.end(body);
    });

  const server = createServer(async (request, response) => {
    stats.requests += 1;
    let body: Buffer;
    try {
      body = await readBody(request);
    } catch {
      response.destroy();
      return;
    }
    const ports = upstreamPorts();
    for (let tried = 0; tried < ports.length; tried++) {
      const port = ports[next++ % ports.length]!;
      if ((await forward(port, request, body, response)) === 'done') return;
      stats.connectFailovers += 1;
    }
    stats.noUpstream += 1;
    response.writeHead(502, { 'content-type': 'text/plain' }).end('no instance accepted the connection');
  });
  // Keep-alive towards the clients is fine; each upstream request opens its own connection
  // (agent: false), so a killed instance never leaves a pooled socket behind.
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    stats,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
