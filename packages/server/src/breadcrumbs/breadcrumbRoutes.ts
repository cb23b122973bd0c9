import type { FastifyInstance } from 'fastify';
import { errorCodes } from '../http/errorCodes.js';
import { httpError } from '../http/httpError.js';
import type { LogQuery } from '../logs/ports.js';
import type { GroupBreadcrumbs } from './contract.js';
import { parseBreadcrumbs } from './parseBreadcrumbs.js';

/** What the breadcrumb read needs. */
export interface BreadcrumbRoutesOptions {
  logs: Pick<LogQuery, 'getLogGroup'>;
}

// A stored group id is `<product>:<client group id>`, each part at most 64 characters.
const params = {
  type: 'object',
  required: ['groupId'],
  properties: { groupId: { type: 'string', minLength: 1, maxLength: 129 } },
} as const;

/**
 * `GET /console/api/logs/groups/:groupId/breadcrumbs`: the trails of the group's stored
 * occurrences, parsed from the context keys the page sent them in (docs/client-logs.md).
 * The trail is stored with its occurrence, so it lives and is trimmed exactly as long as the
 * occurrence does. Registered by the console plugin (console/consoleApi.ts), behind its token check.
 */
export async function breadcrumbRoutes(app: FastifyInstance, { logs }: BreadcrumbRoutesOptions): Promise<void> {
  app.get<{ Params: { groupId: string } }>(
    '/logs/groups/:groupId/breadcrumbs',
    { schema: { params } },
    async (request): Promise<GroupBreadcrumbs> => {
      const { groupId } = request.params;
      const detail = await logs.getLogGroup(groupId);
      if (!detail) throw httpError(errorCodes.NOT_FOUND, 'No such log group');
      const occurrences = detail.occurrences
        .map((o) => ({ occurrenceId: o.id, receivedAt: o.receivedAt, url: o.url, breadcrumbs: parseBreadcrumbs(o.context) }))
        .filter((o) => o.breadcrumbs.length > 0);
      return { groupId, occurrences };
    },
  );
}
