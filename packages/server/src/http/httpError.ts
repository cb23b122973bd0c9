import type { ErrorCode } from './errorCodes.js';

/**
 * An error that already knows its reply: the catalogue entry (status and stable TARMAC_* code,
 * see errorCodes.ts) and a reason safe to show. The error handler sends these as they are.
 */
export interface HttpError extends Error {
  statusCode: number;
  code: string;
  /** Seconds the client should wait before trying again; sent as `Retry-After`. */
  retryAfterSeconds?: number;
}

/** Creates an error the error handler turns into `{statusCode, code, reason}`. */
export function httpError(entry: ErrorCode, reason: string, retryAfterSeconds?: number): HttpError {
  const error: HttpError = Object.assign(new Error(reason), { statusCode: entry.status, code: entry.code });
  if (retryAfterSeconds !== undefined) error.retryAfterSeconds = retryAfterSeconds;
  return error;
}

/** The body of every error reply (the contract's error shape). */
export interface ErrorReply {
  statusCode: number;
  code: string;
  reason: string;
}
