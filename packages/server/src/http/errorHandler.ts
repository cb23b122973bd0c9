import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from './errorCodes.js';
import { errorCodeOf, errorCodes } from './errorCodes.js';
import type { ErrorReply, HttpError } from './httpError.js';

// Fastify's own client errors, renamed into our catalogue so callers see one vocabulary. Their
// messages are Fastify's wording about the body, safe to show; the URL ones quote the path, so
// those answer with the catalogue's wording instead.
const FASTIFY_CODES: Record<string, [ErrorCode, keepMessage: boolean]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [errorCodes.BAD_JSON, true],
  FST_ERR_CTP_EMPTY_JSON_BODY: [errorCodes.BAD_JSON, true],
  FST_ERR_CTP_BODY_TOO_LARGE: [errorCodes.BODY_TOO_LARGE, true],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [errorCodes.UNSUPPORTED_MEDIA_TYPE, true],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [errorCodes.BAD_CONTENT_LENGTH, true],
  FST_ERR_BAD_URL: [errorCodes.BAD_URL, false],
  FST_ERR_INVALID_URL: [errorCodes.BAD_URL, false],
  FST_ERR_MAX_PARAM_LENGTH: [errorCodes.URL_TOO_LONG, false],
  FST_ERR_NOT_FOUND: [errorCodes.NOT_FOUND, false],
};

// Client errors from elsewhere (plugins, the static file server): the status decides, and the
// reason is the catalogue's, since their messages may name files on the server.
const STATUS_CODES: Record<number, ErrorCode> = {
  403: errorCodes.FORBIDDEN,
  404: errorCodes.NOT_FOUND,
  412: errorCodes.PRECONDITION_FAILED,
  413: errorCodes.BODY_TOO_LARGE,
  415: errorCodes.UNSUPPORTED_MEDIA_TYPE,
  416: errorCodes.RANGE_NOT_SATISFIABLE,
  429: errorCodes.RATE_LIMITED,
};

const VALIDATION_CODES: Record<string, ErrorCode> = {
  body: errorCodes.BAD_BODY,
  querystring: errorCodes.BAD_QUERY,
  params: errorCodes.BAD_PARAMS,
  headers: errorCodes.BAD_HEADERS,
};

const reply = (entry: ErrorCode, reason: string = entry.meaning): ErrorReply => ({ statusCode: entry.status, code: entry.code, reason });
const internal = (): ErrorReply => reply(errorCodes.INTERNAL, 'Internal server error');

/**
 * Maps any thrown error to the reply the client sees: always a catalogue code with its status,
 * never a stack, a file path or the message of a server failure. Our own 503s (no build,
 * shutting down) say what is unavailable; every other 5xx is a bare TARMAC_INTERNAL.
 */
export function toErrorReply(error: FastifyError): ErrorReply {
  if (error.validation) return reply(VALIDATION_CODES[error.validationContext ?? 'body'] ?? errorCodes.BAD_REQUEST, error.message);
  const ours = errorCodeOf(error.code);
  if (ours) return ours.status < 500 || ours.status === 503 ? reply(ours, error.message) : internal();
  const status = error.statusCode ?? 500;
  if (status < 400 || status >= 500) return internal();
  const known = FASTIFY_CODES[error.code];
  if (known) return known[1] ? reply(known[0], error.message) : reply(known[0]);
  return reply(STATUS_CODES[status] ?? errorCodes.BAD_REQUEST);
}

/** Sends an error reply, with `Retry-After` when the error asks the client to wait. */
export function sendError(fastifyReply: FastifyReply, body: ErrorReply, retryAfterSeconds?: number): FastifyReply {
  if (retryAfterSeconds !== undefined) fastifyReply.header('retry-after', String(retryAfterSeconds));
  return fastifyReply.code(body.statusCode).type('application/json').send(body);
}

/** Logs and answers one failed request; also Fastify's `frameworkErrors` (malformed URLs). */
export function handleError(error: FastifyError, request: FastifyRequest, fastifyReply: FastifyReply): FastifyReply {
  const body = toErrorReply(error);
  if (body.statusCode >= 500 && body.statusCode !== 503) request.log.error({ err: error }, 'request failed');
  else request.log.warn({ code: body.code, method: request.method, url: request.url }, body.reason);
  // A frameworkErrors reply (malformed URL) runs no hooks, so the security headers come from here.
  if (!fastifyReply.hasHeader('x-content-type-options')) fastifyReply.headers(request.server.securityHeadersFor?.(request.url) ?? {});
  return sendError(fastifyReply, body, (error as Partial<HttpError>).retryAfterSeconds);
}

/**
 * Installs JSON replies for errors. Kept in one place so every endpoint, including ones added
 * later, answers bad input the same documented way.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(handleError);
}

/** The JSON 404 used by API paths and by non-HTML requests for unknown paths. */
export function sendNotFound(_request: FastifyRequest, fastifyReply: FastifyReply): FastifyReply {
  // The path is not echoed: the client knows what it asked for, and replies carry no input back.
  return sendError(fastifyReply, reply(errorCodes.NOT_FOUND, 'No route for this method and path'));
}
