import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { refuseToken } from '../http/authFailures.js';
import { errorCodes } from '../http/errorCodes.js';
import { httpError } from '../http/httpError.js';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Builds the console's gate: `Authorization: Bearer <token>`. Both sides are hashed first so the
 * comparison is constant-time whatever the length of the guess. Wrong tokens are counted per
 * client, and past RATE_LIMIT_CONSOLE_AUTH a minute answered 429 (http/authFailures.ts).
 */
export function createConsoleAuth(consoleToken: string) {
  if (consoleToken.length === 0) throw new Error('consoleToken must not be empty');
  const expected = digest(consoleToken);
  return async function requireConsoleToken(request: FastifyRequest): Promise<void> {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match?.[1] || !timingSafeEqual(digest(match[1]), expected)) {
      await refuseToken(request, 'console', httpError(errorCodes.CONSOLE_UNAUTHORIZED, 'A valid console token is required'));
    }
  };
}
