import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorCode } from './errorCodes.js';
import { errorCodes } from './errorCodes.js';

// What Node's HTTP parser reports before any request exists, as our catalogue names it.
const PARSER_CODES: Record<string, ErrorCode> = {
  HPE_HEADER_OVERFLOW: errorCodes.HEADERS_TOO_LARGE,
  ERR_HTTP_REQUEST_TIMEOUT: errorCodes.REQUEST_TIMEOUT,
};

/** The raw HTTP/1.1 reply to a request Node could not parse: our JSON shape, then the socket closes. */
export function rawErrorReply(errorCode: string | undefined): string {
  const entry = PARSER_CODES[errorCode ?? ''] ?? errorCodes.BAD_REQUEST;
  const body = JSON.stringify({ statusCode: entry.status, code: entry.code, reason: entry.meaning });
  return [
    `HTTP/1.1 ${entry.status} ${STATUS_CODES[entry.status] ?? 'Error'}`,
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'X-Content-Type-Options: nosniff',
    'Cache-Control: no-store',
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/**
 * Fastify's `clientErrorHandler`: Node's HTTP server calls it for requests that never become
 * requests (a request line or headers over the size limit, bytes that are not HTTP, a timeout).
 * Without it they get Fastify's own body; with it, the same `{statusCode, code, reason}` as
 * everything else. A reset connection has nobody left to answer.
 */
export function handleClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // A reply already under way (a timeout mid-response) cannot be followed by another one.
  const inProgress = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inProgress?.headersSent) socket.write(rawErrorReply(error.code));
  socket.destroy(error);
}
