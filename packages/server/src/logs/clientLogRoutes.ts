import type { FastifyInstance } from 'fastify';
import { requireItemsOrDrops } from '../drops/dropContract.js';
import { requireSameOrigin } from '../http/sameOrigin.js';
import { rejectReservedKeys } from '../http/strictInput.js';
import { readableSchemaErrors } from '../http/readableSchemaErrors.js';
import type { ClientLogBatch } from './contract.js';
import type { LogRulesService } from './logRules.js';
import { prepareBatch } from './prepareBatch.js';
import { clientLogBatchSchema, logRulesSchema } from './schemas.js';
import type { LogIngest, StackRegrouper } from './ports.js';

/** What the ingest route needs from the app. */
export interface ClientLogRoutesOptions {
  ingest: LogIngest;
  logRules: LogRulesService;
  /** Regroups messages by the original place of their stack (docs/releases.md). */
  releases: StackRegrouper;
}

/**
 * `POST /log/client/messages`: validates, applies the operator's rules, groups messages whose
 * stack resolves through their release's source maps by their original place (docs/releases.md),
 * stores the messages and the page's drop report durably, then answers with the current log rules so every page learns
 * new rules on its next flush.
 */
export async function clientLogRoutes(app: FastifyInstance, options: ClientLogRoutesOptions): Promise<void> {
  app.post<{ Body: ClientLogBatch }>(
    '/log/client/messages',
    {
      onRequest: requireSameOrigin,
      preValidation: rejectReservedKeys,
      schema: { body: clientLogBatchSchema, response: { 200: logRulesSchema } },
      schemaErrorFormatter: readableSchemaErrors,
    },
    async (request) => {
      requireItemsOrDrops(request.body.messages, request.body.dropped, 'messages');
      const logRules = await options.logRules.get();
      const batch = prepareBatch(request.body, logRules, {
        receivedAt: Date.now(),
        userAgent: request.headers['user-agent'] ?? null,
        referer: request.headers.referer ?? null,
      });
      await options.releases.regroup(batch.records);
      await options.ingest.insertClientLogs(batch);
      return logRules;
    },
  );
}
