import type { FastifyInstance } from 'fastify';
import { errorCodes } from './errorCodes.js';
import { httpError } from './httpError.js';

/** How long a client refused during shutdown waits: a restart, or the balancer's next pick. */
export const DRAIN_RETRY_AFTER_S = 5;

/**
 * Makes `app.close()` (what main.ts does on SIGINT/SIGTERM) a clean drain. Requests already in
 * flight finish, and their replies say `Connection: close`, so the client opens a new connection
 * (to another instance, or this one restarted) instead of sending its next request down one
 * that is about to be cut. A request that still arrives (pipelined, or racing the close on a
 * kept-alive connection) gets a 503 `TARMAC_SHUTTING_DOWN` with `Retry-After`, in the usual
 * shape, rather than a reset. Needs Fastify's `return503OnClosing: false`, or Fastify answers
 * those with its own body first.
 */
export function registerDraining(app: FastifyInstance): void {
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
    app.log.info('Draining: requests in flight finish, new ones get 503 TARMAC_SHUTTING_DOWN');
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!draining) return;
    reply.header('connection', 'close');
    throw httpError(errorCodes.SHUTTING_DOWN, 'The server is shutting down', DRAIN_RETRY_AFTER_S);
  });
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });
}
