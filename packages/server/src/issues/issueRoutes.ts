import type { FastifyInstance } from 'fastify';
import type { WindowQuery } from '../http/timeWindow.js';
import { timeWindow, windowProperties } from '../http/timeWindow.js';
import { errorCodes } from '../http/errorCodes.js';
import { httpError } from '../http/httpError.js';
import type { LogQuery } from '../logs/ports.js';
import { logGrid } from '../rollups/logGrid.js';
import type { IssueDetail, IssueGroupPage, StatusFilter } from './contract.js';
import { withWindowCounts } from './groupTrends.js';
import { groupIdParams, groupWorkflowRoutes } from './groupWorkflowRoutes.js';
import type { IssueStorage, StackResolver } from './ports.js';

/** What the console's issue endpoints need. */
export interface IssueRoutesOptions {
  logs: Pick<LogQuery, 'getLogGroup' | 'occurrenceBuckets'>;
  /** Each group's issue: its state, releases and stacks. */
  issues: IssueStorage;
  stacks: StackResolver;
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
 * The console's log groups as issues (docs/client-logs.md, docs/releases.md): the list with each
 * group's state and occurrences in the window, one group with its releases and resolved stack,
 * and the workflow. Registered under the console API, behind its token.
 */
export async function issueRoutes(app: FastifyInstance, options: IssueRoutesOptions): Promise<void> {
  const { logs, issues, stacks } = options;

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
    const resolvedStack = newest ? await stacks.resolved(newest) : null;
    return { ...detail, state: issue.state, releases: issue.releases, resolvedStack };
  });

  await app.register(groupWorkflowRoutes, { storage: issues, logs });
}
