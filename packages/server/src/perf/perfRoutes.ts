import type { FastifyInstance } from 'fastify';
import { errorCodes } from '../http/errorCodes.js';
import { httpError } from '../http/httpError.js';
import { requireSameOrigin } from '../http/sameOrigin.js';
import { addStrictFormParser, FORM } from '../http/strictForm.js';
import { parsePerfReport } from './parsePerfReport.js';
import type { PerfIngest } from './ports.js';

/** What the perf ingest route needs from the app. */
export interface PerfRoutesOptions {
  ingest: PerfIngest;
  /** Prefix of `{apiPrefix}/s/run/perf`, as the pages' `startPerformanceReporting` uses; '' by default. */
  apiPrefix?: string;
}

/** A report is a few dozen short fields; anything bigger is not one. */
const PERF_BODY_LIMIT = 16 * 1024;

/**
 * `POST {apiPrefix}/s/run/perf`: one form-encoded performance report per page view, usually a
 * beacon. Read strictly (http/strictForm.ts: UTF-8, each field once), validated field by field
 * (perf/parsePerfReport.ts), stored once per report id, answered with 204. The form parser lives
 * in this plugin only, so no other route starts accepting forms.
 */
export async function perfRoutes(app: FastifyInstance, options: PerfRoutesOptions): Promise<void> {
  addStrictFormParser(app, PERF_BODY_LIMIT);
  app.post<{ Body: Record<string, string> }>(
    `${options.apiPrefix ?? ''}/s/run/perf`,
    { onRequest: requireSameOrigin, bodyLimit: PERF_BODY_LIMIT },
    async (request, reply) => {
      if (!request.headers['content-type']?.toLowerCase().startsWith(FORM)) {
        throw httpError(errorCodes.UNSUPPORTED_MEDIA_TYPE, `A performance report is sent as ${FORM}`);
      }
      const report = parsePerfReport(request.body ?? {}, {
        receivedAt: Date.now(),
        userAgent: request.headers['user-agent'] ?? null,
      });
      await options.ingest.insertPerfReport(report);
      return reply.code(204).send();
    },
  );
}
