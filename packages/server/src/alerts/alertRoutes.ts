import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { errorCodes } from '../http/errorCodes.js';
import { httpError } from '../http/httpError.js';
import type { AlertEngine } from './alertEngine.js';
import type { AlertStorage } from './ports.js';
import type { AlertDeliveryList, AlertRule, AlertRuleInput, AlertRuleList, AlertRuleUpdate } from './contract.js';
import { queueCandidate } from './evaluateAlerts.js';
import { checkRule } from './ruleChecks.js';
import { deliveriesQuery, ruleIdParams, ruleInputSchema, ruleUpdateSchema } from './schemas.js';

/** What the alert routes need. */
export interface AlertRoutesOptions {
  storage: AlertStorage;
  engine: Pick<AlertEngine, 'kick'>;
}

type IdParams = { Params: { id: string } };
const noSuchRule = () => httpError(errorCodes.NOT_FOUND, 'No such alert rule');

/**
 * The Alerts view's API under `/console/api/alerts` (docs/alerts.md): rules (list, create,
 * replace, delete, send a test alert) and the delivery history. Registered by the console plugin
 * (console/consoleApi.ts) with the prefix `/alerts`, behind its token check.
 * A rule's secret is accepted and never answered.
 */
export async function alertRoutes(app: FastifyInstance, { storage, engine }: AlertRoutesOptions): Promise<void> {
  app.get('/rules', async (): Promise<AlertRuleList> => ({ rules: await storage.listAlertRules() }));

  app.post<{ Body: AlertRuleInput }>('/rules', { schema: { body: ruleInputSchema } }, async (request, reply): Promise<AlertRule> => {
    checkRule(request.body);
    const rule = await storage.createAlertRule(request.body, Date.now());
    return reply.code(201).send(rule);
  });

  app.put<IdParams & { Body: AlertRuleUpdate }>('/rules/:id', { schema: { params: ruleIdParams, body: ruleUpdateSchema } }, async (request) => {
    checkRule(request.body);
    const rule = await storage.updateAlertRule(Number(request.params.id), request.body, Date.now());
    if (!rule) throw noSuchRule();
    return rule;
  });

  app.delete<IdParams>('/rules/:id', { schema: { params: ruleIdParams } }, async (request, reply) => {
    if (!(await storage.deleteAlertRule(Number(request.params.id)))) throw noSuchRule();
    return reply.code(204).send();
  });

  // A test alert goes through the same queue, signing and retries as a real one, so it proves
  // the whole path to the receiver.
  app.post<IdParams>('/rules/:id/test', { schema: { params: ruleIdParams } }, async (request, reply) => {
    const rule = await storage.getAlertRule(Number(request.params.id));
    if (!rule) throw noSuchRule();
    const at = Date.now();
    await queueCandidate(
      storage,
      { rule, kind: 'test', dedupeKey: `test:${randomUUID()}`, subject: 'test', summary: `Test alert of rule “${rule.name}”`, cooled: false },
      at,
    );
    engine.kick();
    return reply.code(202).send({ queued: true });
  });

  app.get<{ Querystring: { ruleId?: string; limit?: string } }>(
    '/deliveries',
    { schema: { querystring: deliveriesQuery } },
    async (request): Promise<AlertDeliveryList> => {
      const { ruleId, limit } = request.query;
      return {
        deliveries: await storage.listAlertDeliveries({ ruleId: ruleId === undefined ? undefined : Number(ruleId), limit: Number(limit ?? 100) }),
      };
    },
  );
}
