import type { FastifyError } from 'fastify';
import { describe, expect, it } from 'vitest';
import { toErrorReply } from './errorHandler.js';
import { httpError } from './httpError.js';

const fastifyError = (fields: Partial<FastifyError>) => Object.assign(new Error(fields.message ?? 'x'), fields) as FastifyError;

describe('toErrorReply', () => {
  it('passes our own coded errors through', () => {
    expect(toErrorReply(httpError(403, 'TARMAC_CROSS_ORIGIN', 'nope') as FastifyError)).toEqual({
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
  });

  it('never shows the message of a server error', () => {
    const reply = toErrorReply(fastifyError({ message: 'password=hunter2', statusCode: 503 }));
    expect(reply).toEqual({ statusCode: 500, code: 'TARMAC_INTERNAL', reason: 'Internal server error' });
    expect(toErrorReply(fastifyError({ message: 'plain throw' })).statusCode).toBe(500);
  });
});
