import type { FastifyInstance } from 'fastify';
import type { WindowQuery } from '../console/timeWindow.js';
import { timeWindow, windowProperties } from '../console/timeWindow.js';
import { errorCodes } from '../http/errorCodes.js';
import { httpError } from '../http/httpError.js';
import type { IssueDetail, IssueGroupPage, ReleaseStorage, StatusFilter } from '../releases/contract.js';
import type { ReleaseService } from '../releases/releaseService.js';
import type { LogRules } from './contract.js';
import { withWindowCounts } from './groupTrends.js';
import { groupIdParams, groupWorkflowRoutes } from './groupWorkflowRoutes.js';
import type { LogRulesService } from './logRules.js';
import { logGrid } from './occurrenceRollups.js';
import { logRulesSchema } from './schemas.js';
import type { LogQuery } from './ports.js';

/** What the console's log endpoints need. */
export interface ConsoleLogRoutesOptions {
  logs: LogQuery;
  /** Each group's issue: its state, releases and stacks. */
  issues: ReleaseStorage;
  logRules: LogRulesService;
  releases: ReleaseService;
}

interface GroupsQuery extends WindowQuery {
  level?: string;
  product?: string;
  q?: string;
  status?: StatusFilter;
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
    status: { type: 'string', enum: ['open', 'unresolved', 'regressed', 'resolved', 'ignored'] },
    limit: { type: 'string', pattern: '^(500|[1-4][0-9]{2}|[1-9][0-9]?)$' },
    ...windowProperties,
  },
} as const;

/**
 * The console's read and settings endpoints for client logs (see docs/client-logs.md), with each
 * group's state, releases and resolved stack (docs/releases.md).
 */
export async function consoleLogRoutes(app: FastifyInstance, options: ConsoleLogRoutesOptions): Promise<void> {
  const { logs, issues, logRules, releases } = options;

  // Each group with its occurrences in the window (the last 24 hours unless the console sends
  // from/to; older consoles send neither and ignore the added fields), read from the rollups.
  app.get<{ Querystring: GroupsQuery }>('/logs/groups', { schema: { querystring: groupsQuerySchema } }, async (request): Promise<IssueGroupPage> => {
    const { level, product, q, status, limit } = request.query;
    const now = Date.now();
    const window = logGrid(timeWindow(request.query, now));
    const filter = {
      level: level === undefined ? undefined : Number(level),
      product: product || undefined,
      q: q || undefined,
      status,
      limit: limit === undefined ? 100 : Number(limit),
    };
    const list = await issues.listIssueGroups(filter, now);
    const buckets = await logs.occurrenceBuckets(list.groups.map((g) => g.groupId), window, now);
    return withWindowCounts(list, buckets, window);
  });

  app.get<{ Params: { groupId: string } }>('/logs/groups/:groupId', { schema: { params: groupIdParams } }, async (request): Promise<IssueDetail> => {
    const { groupId } = request.params;
    const [detail, issue] = await Promise.all([logs.getLogGroup(groupId), issues.getGroupIssue(groupId, Date.now())]);
    if (!detail || !issue) throw httpError(errorCodes.NOT_FOUND, 'No such log group');
    // The newest release's stack is the one shown; it is resolved now if its cache is out of date.
    const newest = issue.stacks[0];
    const resolvedStack = newest ? await releases.resolved(newest) : null;
    return { ...detail, state: issue.state, releases: issue.releases, resolvedStack };
  });

  await app.register(groupWorkflowRoutes, { storage: issues, logs });

  app.get('/logs/settings', { schema: { response: { 200: logRulesSchema } } }, () => logRules.get());

  app.put<{ Body: LogRules }>(
    '/logs/settings',
    { schema: { body: logRulesSchema, response: { 200: logRulesSchema } } },
    (request) => logRules.set(request.body),
  );
}
