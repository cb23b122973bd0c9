import type { FastifyInstance } from 'fastify';
import { timeWindow, windowProperties } from '../http/timeWindow.js';
import type { WindowQuery } from '../http/timeWindow.js';
import type { DropQuery } from './ports.js';
import type { DropSummary } from './contract.js';

const querystring = {
  type: 'object',
  additionalProperties: false,
  properties: { ...windowProperties },
} as const;

/**
 * The Delivery section's read (docs/client-logs.md, "Dropped items"): how many log occurrences
 * and analytics hits pages gave up in a window, per reason, in total and per time bucket.
 * Registered inside the console API, so it sits behind the console token.
 */
export async function consoleDropRoutes(app: FastifyInstance, { drops }: { drops: DropQuery }): Promise<void> {
  app.get<{ Querystring: WindowQuery }>('/drops', { schema: { querystring } }, async (request): Promise<DropSummary> => {
    return drops.dropSummary(timeWindow(request.query));
  });
}
