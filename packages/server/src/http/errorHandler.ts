import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorReply } from './httpError.js';

// Fastify's own client errors, renamed into our namespace so callers see one vocabulary.
const FASTIFY_CODES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'TARMAC_BAD_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'TARMAC_BAD_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'TARMAC_BODY_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'TARMAC_UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'TARMAC_BAD_CONTENT_LENGTH',
};

// For client errors without a known code (plugins, Fastify internals), the status decides.
const STATUS_CODES: Record<number, string> = {
  403: 'TARMAC_FORBIDDEN',
  404: 'TARMAC_NOT_FOUND',
  413: 'TARMAC_BODY_TOO_LARGE',
  415: 'TARMAC_UNSUPPORTED_MEDIA_TYPE',
};

const VALIDATION_CODES: Record<string, string> = {
  body: 'TARMAC_BAD_BODY',
  querystring: 'TARMAC_BAD_QUERY',
  params: 'TARMAC_BAD_PARAMS',
  headers: 'TARMAC_BAD_HEADERS',
};

/** Maps any thrown error to the reply the client sees; never exposes a stack or internals. */
export function toErrorReply(error: FastifyError): ErrorReply {
  if (error.validation) {
    const code = VALIDATION_CODES[error.validationContext ?? 'body'] ?? 'TARMAC_BAD_REQUEST';
    return { statusCode: 400, code, reason: error.message };
  }
  const status = error.statusCode ?? 500;
  if (status < 400 || status >= 500) {
    return { statusCode: 500, code: 'TARMAC_INTERNAL', reason: 'Internal server error' };
  }
  const code = error.code?.startsWith('TARMAC_')
    ? error.code
    : (FASTIFY_CODES[error.code] ?? STATUS_CODES[status] ?? 'TARMAC_BAD_REQUEST');
  return { statusCode: status, code, reason: error.message };
}

/**
 * Installs JSON replies for errors. Kept in one place so every endpoint, including ones added
 * later, answers bad input the same documented way.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const body = toErrorReply(error);
    if (body.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.warn({ code: body.code, method: request.method, url: request.url }, body.reason);
    return reply.code(body.statusCode).type('application/json').send(body);
  });
}

/** The JSON 404 used by API paths and by non-HTML requests for unknown paths. */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const body: ErrorReply = {
    statusCode: 404,
    code: 'TARMAC_NOT_FOUND',
    reason: `No route for ${request.method} ${request.url.split('?')[0]}`,
  };
  return reply.code(404).type('application/json').send(body);
}
