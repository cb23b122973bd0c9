import type { FastifyError } from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorCodes } from './errorCodes.js';
import { toErrorReply } from './errorHandler.js';
import { httpError } from './httpError.js';

const fastifyError = (fields: Partial<FastifyError>) => Object.assign(new Error(fields.message ?? 'x'), fields) as FastifyError;

describe('toErrorReply', () => {
  it('passes our own coded errors through with the catalogue status', () => {
    expect(toErrorReply(httpError(errorCodes.CROSS_ORIGIN, 'nope') as FastifyError)).toEqual({
      statusCode: 403,
      code: 'TARMAC_CROSS_ORIGIN',
      reason: 'nope',
    });
  });

  it('names the part of the request that failed validation', () => {
    const error = fastifyError({ message: 'querystring/limit must match pattern', validation: [], validationContext: 'querystring', statusCode: 400 });
    expect(toErrorReply(error)).toMatchObject({ statusCode: 400, code: 'TARMAC_BAD_QUERY' });
  });

  it('renames Fastify codes and falls back on the status', () => {
    expect(toErrorReply(fastifyError({ code: 'FST_ERR_CTP_BODY_TOO_LARGE', statusCode: 413 })).code).toBe('TARMAC_BODY_TOO_LARGE');
    expect(toErrorReply(fastifyError({ code: 'FST_ERR_NOT_FOUND', statusCode: 404 })).code).toBe('TARMAC_NOT_FOUND');
    expect(toErrorReply(fastifyError({ code: 'FST_SOMETHING', statusCode: 400 })).code).toBe('TARMAC_BAD_REQUEST');
    expect(toErrorReply(fastifyError({ statusCode: 429 })).code).toBe('TARMAC_RATE_LIMITED');
  });

  it('gives unknown client errors a catalogue status and wording, never their message', () => {
    const fromPlugin = toErrorReply(fastifyError({ message: "ENOENT: no such file, stat '/srv/app/x'", statusCode: 418 }));
    expect(fromPlugin).toEqual({ statusCode: 400, code: 'TARMAC_BAD_REQUEST', reason: errorCodes.BAD_REQUEST.meaning });
    const badUrl = toErrorReply(fastifyError({ code: 'FST_ERR_BAD_URL', message: "'/%' is not a valid url component", statusCode: 400 }));
    expect(badUrl).toEqual({ statusCode: 400, code: 'TARMAC_BAD_URL', reason: errorCodes.BAD_URL.meaning });
  });

  it('never shows the message of a server error', () => {
    const reply = toErrorReply(fastifyError({ message: 'password=hunter2', statusCode: 503 }));
    expect(reply).toEqual({ statusCode: 500, code: 'TARMAC_INTERNAL', reason: 'Internal server error' });
    expect(toErrorReply(fastifyError({ message: 'plain throw' })).statusCode).toBe(500);
    // A catalogue code on a 500 still hides its reason; only our 503s say what is unavailable.
    expect(toErrorReply(httpError(errorCodes.INTERNAL, 'at /secret/db') as FastifyError).reason).toBe('Internal server error');
    expect(toErrorReply(httpError(errorCodes.SHUTTING_DOWN, 'draining') as FastifyError)).toEqual({
      statusCode: 503,
      code: 'TARMAC_SHUTTING_DOWN',
      reason: 'draining',
    });
  });
});
