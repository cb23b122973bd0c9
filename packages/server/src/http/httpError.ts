/**
 * An error that already knows its reply: status, a stable TARMAC_* code clients can branch on,
 * and a reason safe to show. The error handler sends these as they are.
 */
export interface HttpError extends Error {
  statusCode: number;
  code: string;
}

/** Creates an error the error handler turns into `{statusCode, code, reason}`. */
export function httpError(statusCode: number, code: string, reason: string): HttpError {
  return Object.assign(new Error(reason), { statusCode, code });
}

/** The body of every error reply (the contract's error shape). */
export interface ErrorReply {
  statusCode: number;
  code: string;
  reason: string;
}
