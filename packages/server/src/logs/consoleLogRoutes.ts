import type { FastifyInstance } from 'fastify';
import { errorCodes } from '../http/errorCodes.js';
import { httpError } from '../http/httpError.js';
import type { ClientLogReply } from './contract.js';
import type { LogSettings } from './logSettings.js';
import { clientLogReplySchema } from './schemas.js';
import type { Storage } from '../storage/types.js';

/** What the console's log endpoints need. */
export interface ConsoleLogRoutesOptions {
  storage: Storage;
  settings: LogSettings;
}

interface GroupsQuery {
  level?: string;
  product?: string;
  q?: string;
  limit?: string;
}

// Query values arrive as strings and body coercion is off app-wide, so numbers are checked
// by pattern (limit 1..500, level 1..5) and converted here.
const groupsQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    level: { type: 'string', pattern: '^[1-5]$' },
    product: { type: 'string', maxLength: 64 },
    q: { type: 'string', maxLength: 1000 },
    limit: { type: 'string', pattern: '^(500|[1-4][0-9]{2}|[1-9][0-9]?)$' },
  },
} as const;

const groupIdParams = {
  type: 'object',
  required: ['groupId'],
  properties: { groupId: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;

/** The console's read and settings endpoints for client logs (see docs/client-logs.md). */
export async function consoleLogRoutes(app: FastifyInstance, options: ConsoleLogRoutesOptions): Promise<void> {
  const { storage, settings } = options;

  app.get<{ Querystring: GroupsQuery }>('/logs/groups', { schema: { querystring: groupsQuerySchema } }, async (request) => {
    const { level, product, q, limit } = request.query;
    return storage.listLogGroups({
      level: level === undefined ? undefined : Number(level),
      product: product || undefined,
      q: q || undefined,
      limit: limit === undefined ? 100 : Number(limit),
    });
  });

  app.get<{ Params: { groupId: string } }>('/logs/groups/:groupId', { schema: { params: groupIdParams } }, async (request) => {
    const detail = await storage.getLogGroup(request.params.groupId);
    if (!detail) throw httpError(errorCodes.NOT_FOUND, 'No such log group');
    return detail;
  });

  app.get('/logs/settings', { schema: { response: { 200: clientLogReplySchema } } }, () => settings.get());

  app.put<{ Body: ClientLogReply }>(
    '/logs/settings',
    { schema: { body: clientLogReplySchema, response: { 200: clientLogReplySchema } } },
    (request) => settings.set(request.body),
  );
}
