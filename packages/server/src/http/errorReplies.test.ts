import { connect } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { consoleAuth, testAppForEachTest } from '../testing/testApp.js';
import { errorCodeOf } from './errorCodes.js';

const t = testAppForEachTest();

/** The reply is exactly `{statusCode, code, reason}`, a catalogue code with its own status, and leaks nothing. */
function expectErrorShape(response: { statusCode: number; headers: Record<string, unknown>; body: string }, code: string): void {
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = JSON.parse(response.body) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['code', 'reason', 'statusCode']);
  expect(body.code).toBe(code);
  expect(body.statusCode).toBe(response.statusCode);
  expect(errorCodeOf(code)?.status).toBe(response.statusCode);
  expect(typeof body.reason).toBe('string');
  // No stack frames, no file system paths, no echo of the request's URL.
  expect(response.body).not.toMatch(/\bat .+:\d+:\d+|\/tmp\/|\/work\/|node_modules|FST_ERR|%ff|\/%/i);
}

const inject = (method: string, url: string, extra: { headers?: Record<string, string>; payload?: string } = {}): Promise<LightMyRequestResponse> =>
  t.app.inject({ method: method as 'GET', url, headers: extra.headers, payload: extra.payload });

describe('every error reply', () => {
  it.each(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'])('is a coded 404 for %s on an unknown API path', async (method) => {
    expectErrorShape(await inject(method, '/a/api/nothing'), 'TARMAC_NOT_FOUND');
  });

  it('is a coded 404 for a known path with a method it does not take', async () => {
    expectErrorShape(await inject('DELETE', '/log/client/messages'), 'TARMAC_NOT_FOUND');
    expectErrorShape(await inject('PUT', '/a/api/analytics/events', { headers: { 'content-type': 'application/json' }, payload: '{}' }), 'TARMAC_NOT_FOUND');
  });

  it.each([
    ['/%', {}],
    ['/%E0%A4%A', {}],
    ['/console/api/logs/groups/%ff', consoleAuth],
    ['/console/api/logs/groups/%ff', {}],
  ])('is a coded 400 for the malformed URL %s', async (url, headers) => {
    expectErrorShape(await inject('GET', url, { headers: { accept: 'text/html', ...headers } }), 'TARMAC_BAD_URL');
  });

  it.each([
    ['not JSON', 'application/json', '{"product":', 'TARMAC_BAD_JSON'],
    ['an empty JSON body', 'application/json', '', 'TARMAC_BAD_JSON'],
    ['a __proto__ key', 'application/json', '{"__proto__":{"x":1}}', 'TARMAC_BAD_JSON'],
    ['a beacon that is not JSON', 'text/plain', 'hello', 'TARMAC_BAD_JSON'],
    ['XML', 'application/xml', '<a/>', 'TARMAC_UNSUPPORTED_MEDIA_TYPE'],
    ['a body that breaks the schema', 'application/json', '{"product":1}', 'TARMAC_BAD_BODY'],
  ])('is in the shape for %s', async (_label, type, payload, code) => {
    expectErrorShape(await inject('POST', '/log/client/messages', { headers: { 'content-type': type }, payload }), code);
  });

  it('is a coded 413 for a body over the limit', async () => {
    const payload = JSON.stringify({ product: 'p', reqNo: 1, messages: [], pad: 'x'.repeat(300 * 1024) });
    expectErrorShape(await inject('POST', '/log/client/messages', { headers: { 'content-type': 'application/json' }, payload }), 'TARMAC_BODY_TOO_LARGE');
  });

  it('is in the shape for static-file refusals, without the server path', async () => {
    expectErrorShape(await inject('GET', '/favicon.txt', { headers: { range: 'bytes=1000-2000' } }), 'TARMAC_RANGE_NOT_SATISFIABLE');
    expectErrorShape(await inject('GET', '/favicon.txt', { headers: { 'if-match': '"other"' } }), 'TARMAC_PRECONDITION_FAILED');
  });
});

/** Sends raw bytes to the listening app and returns the raw reply once the server closes. */
async function rawExchange(bytes: string): Promise<string> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(bytes));
    let reply = '';
    socket.on('data', (chunk) => (reply += chunk.toString()));
    socket.on('close', () => resolve(reply));
    socket.on('error', reject);
  });
}

function parseRaw(raw: string): { statusCode: number; headers: Record<string, string>; body: string } {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { statusCode: Number(statusLine.split(' ')[1]), headers, body };
}

describe('replies Node writes before Fastify sees a request', () => {
  it('is a coded 431 for headers over the limit, and the connection closes', async () => {
    const reply = parseRaw(await rawExchange(`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`));
    expectErrorShape(reply, 'TARMAC_HEADERS_TOO_LARGE');
    expect(reply.headers.connection).toBe('close');
  });

  it('is a coded 431 for a request line over the limit', async () => {
    expectErrorShape(parseRaw(await rawExchange(`GET /${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`)), 'TARMAC_HEADERS_TOO_LARGE');
  });

  it('is a coded 400 for bytes that are not HTTP', async () => {
    expectErrorShape(parseRaw(await rawExchange('HELLO THERE\r\n\r\n')), 'TARMAC_BAD_REQUEST');
    expectErrorShape(parseRaw(await rawExchange('GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n')), 'TARMAC_BAD_REQUEST');
  });
});
