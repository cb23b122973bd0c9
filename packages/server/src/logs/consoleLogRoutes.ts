import type { FastifyInstance } from 'fastify';
import type { LogRules } from './contract.js';
import type { LogRulesService } from './logRules.js';
import { logRulesSchema } from './schemas.js';

/** What the console's log settings endpoints need. */
export interface ConsoleLogRoutesOptions {
  logRules: LogRulesService;
}

/**
 * The console's settings endpoints for client logs (see docs/client-logs.md). The group list and
 * detail are the issue workflow's (`issues/issueRoutes.ts`).
 */
export async function consoleLogRoutes(app: FastifyInstance, options: ConsoleLogRoutesOptions): Promise<void> {
  const { logRules } = options;

  app.get('/logs/settings', { schema: { response: { 200: logRulesSchema } } }, () => logRules.get());

  app.put<{ Body: LogRules }>(
    '/logs/settings',
    { schema: { body: logRulesSchema, response: { 200: logRulesSchema } } },
    (request) => logRules.set(request.body),
  );
}
