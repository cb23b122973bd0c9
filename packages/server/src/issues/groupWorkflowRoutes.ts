import type { FastifyInstance } from 'fastify';
import type { WindowQuery } from '../http/timeWindow.js';
import { timeWindow, windowProperties } from '../http/timeWindow.js';
import { errorCodes } from '../http/errorCodes.js';
import { httpError } from '../http/httpError.js';
import type { GroupState, GroupTimeline, StatusChange } from './contract.js';
import { logGrid } from '../rollups/logGrid.js';
import { HOUR_MS } from '../rollups/timeGrid.js';
import { releaseTimeline } from './groupTrends.js';
import type { LogQuery } from '../logs/ports.js';
import type { IssueStorage } from './ports.js';

/** The `:groupId` of every group route. */
export const groupIdParams = {
  type: 'object',
  required: ['groupId'],
  properties: { groupId: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;

const statusChangeSchema = {
  type: 'object',
  required: ['status'],
  additionalProperties: false,
  properties: {
    status: { type: 'string', enum: ['resolved', 'ignored', 'unresolved'] },
    ignoreOccurrences: { type: 'integer', minimum: 1, maximum: 1e9 },
    // A year at most: "ignore for a time" longer than that is ignoring for good.
    ignoreMinutes: { type: 'integer', minimum: 1, maximum: 525_600 },
  },
} as const;

const windowQuerySchema = { type: 'object', additionalProperties: false, properties: windowProperties } as const;

/** Refuses what the schema cannot say: ignore limits only on an ignore, and one of them at most. */
function checkChange(change: StatusChange): void {
  const limits = [change.ignoreOccurrences, change.ignoreMinutes].filter((v) => v !== undefined).length;
  if (change.status !== 'ignored' && limits > 0) {
    throw httpError(errorCodes.BAD_BODY, 'body/ignoreOccurrences and body/ignoreMinutes go only with status "ignored"');
  }
  if (limits > 1) throw httpError(errorCodes.BAD_BODY, 'body must have ignoreOccurrences or ignoreMinutes, not both');
}

/**
 * The issue workflow of a group (resolve, ignore, reopen) and its occurrences over time
 * (docs/releases.md). Registered under the console API, behind its token.
 */
export async function groupWorkflowRoutes(
  app: FastifyInstance,
  options: { storage: Pick<IssueStorage, 'setGroupStatus' | 'getGroupIssue' | 'groupTimeline'>; logs: Pick<LogQuery, 'occurrenceBuckets'> },
): Promise<void> {
  const { storage, logs } = options;

  app.put<{ Params: { groupId: string }; Body: StatusChange }>(
    '/logs/groups/:groupId/status',
    { schema: { params: groupIdParams, body: statusChangeSchema } },
    async (request): Promise<GroupState> => {
      checkChange(request.body);
      const state = await storage.setGroupStatus(request.params.groupId, request.body, Date.now());
      if (!state) throw httpError(errorCodes.NOT_FOUND, 'No such log group');
      return state;
    },
  );

  app.get<{ Params: { groupId: string }; Querystring: WindowQuery }>(
    '/logs/groups/:groupId/timeline',
    { schema: { params: groupIdParams, querystring: windowQuerySchema } },
    async (request): Promise<GroupTimeline> => {
      const now = Date.now();
      const window = timeWindow(request.query, now);
      const { groupId } = request.params;
      if (!(await storage.getGroupIssue(groupId, window.to))) {
        throw httpError(errorCodes.NOT_FOUND, 'No such log group');
      }
      // Buckets of an hour or more come from the rollups, split by release. The 5-minute buckets
      // of a short window need minutes the hour rows cannot give: those still read the per-minute
      // counts ingest keeps for the rate alerts (90 days), which carry no release.
      if (window.bucketMs < HOUR_MS) return storage.groupTimeline(groupId, window);
      const grid = logGrid(window);
      return releaseTimeline(await logs.occurrenceBuckets([groupId], grid, now), grid);
    },
  );
}
