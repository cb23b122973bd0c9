import type { FastifyInstance } from 'fastify';
import type { ClientLogReply } from './contract.js';
import type { LogSettings } from './logSettings.js';
import { clientLogReplySchema } from './schemas.js';

/** What the console's log settings endpoints need. */
export interface ConsoleLogRoutesOptions {
  settings: LogSettings;
}

/**
 * The console's settings endpoints for client logs (see docs/client-logs.md). The group list and
 * detail are the issue workflow's (`issues/issueRoutes.ts`).
 */
export async function consoleLogRoutes(app: FastifyInstance, options: ConsoleLogRoutesOptions): Promise<void> {
  const { settings } = options;

  app.get('/logs/settings', { schema: { response: { 200: clientLogReplySchema } } }, () => settings.get());

  app.put<{ Body: ClientLogReply }>(
    '/logs/settings',
    { schema: { body: clientLogReplySchema, response: { 200: clientLogReplySchema } } },
    (request) => settings.set(request.body),
  );
}
