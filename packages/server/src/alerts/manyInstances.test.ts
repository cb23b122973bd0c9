import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { perfReport } from '../perf/testing/reportFixture.js';
import { T0 } from '../storage/conformance/fixtures.js';
import type { Store } from '../storage/ports.js';
import { newClientLog } from '../testing/fixtures.js';
import { createAlertEngine } from './alertEngine.js';
import type { AlertRuleInput } from './contract.js';
import type { AlertSources } from './evaluateAlerts.js';
import { evaluateAlerts } from './evaluateAlerts.js';
import type { TwoInstances } from './testing/twoInstances.js';
import { barrier, twoPostgresInstances, twoSqliteInstances } from './testing/twoInstances.js';
import type { WebhookReceiver } from './testing/webhookReceiver.js';
import { startWebhookReceiver } from './testing/webhookReceiver.js';

const LEASE = 30_000;
const HOUR = 60 * 60_000;
const log = { warn: () => {}, error: () => {} } as unknown as FastifyBaseLogger;

// Every instance of the server runs the alert engine on the one store. These tests run two, on
// each engine's store, where a duplicate would come from: sending, and queuing.
describe.each([
  ['SQLite file', twoSqliteInstances],
  ['PostgreSQL database', twoPostgresInstances],
])('two alert engines on one %s', (_name, openInstances: () => Promise<TwoInstances>) => {
  let instances: TwoInstances;
  let receiver: WebhookReceiver;
  let clock: number;

  beforeEach(async () => {
    instances = await openInstances();
    receiver = await startWebhookReceiver();
    clock = T0 + HOUR;
  }, 60_000);
  afterEach(async () => {
    await receiver.stop();
    await instances.close();
  }, 60_000);

  const rule = (overrides: Partial<AlertRuleInput> = {}) =>
    instances.a.query.alerts.createAlertRule({ name: 'Many', kind: 'new-group', webhookUrl: receiver.url, secret: 'many-secret-0123456789', ...overrides }, clock);
  const engine = (store: Store, sent = { count: 0 }) =>
    createAlertEngine(store.query, log, {
      retry: { baseMs: 1_000, maxAttempts: 3 },
      leaseMs: LEASE,
      now: () => clock,
      fetch: (input, init) => {
        sent.count++;
        return fetch(input, init);
      },
    });
  const deliveredIds = () => receiver.received.map((request) => Number(request.headers['x-tarmac-delivery']));
  const history = () => instances.a.query.alerts.listAlertDeliveries({ limit: 500 });

  it('delivers each of many due deliveries exactly once while both engines run at once', async () => {
    const { id: ruleId } = await rule();
    const count = 120; // more than one run takes (50), so both engines must share them
    for (let i = 0; i < count; i++) {
      const store = i % 2 ? instances.a : instances.b;
      await store.query.alerts.queueAlertDelivery({ ruleId, kind: 'test', dedupeKey: `test:${i}`, subject: 'test', summary: `test ${i}`, payload: `{"n":${i}}`, createdAt: clock });
    }
    const sentByA = { count: 0 };
    const sentByB = { count: 0 };
    const [a, b] = [engine(instances.a, sentByA), engine(instances.b, sentByB)];
    for (let round = 0; round < 3; round++) await Promise.all([a.run(), b.run()]);

    expect(deliveredIds()).toHaveLength(count);
    expect(new Set(deliveredIds()).size).toBe(count);
    expect(sentByA.count).toBeGreaterThan(0);
    expect(sentByB.count).toBeGreaterThan(0);
    expect(sentByA.count + sentByB.count).toBe(count);
    expect((await history()).map((d) => [d.status, d.attempts.length])).toEqual(Array(count).fill(['delivered', 1]));
  });

  it('sends the delivery of an engine that died mid-attempt once its lease has run out, and once only', async () => {
    const { id: ruleId } = await rule();
    await instances.a.query.alerts.queueAlertDelivery({ ruleId, kind: 'test', dedupeKey: 'test:1', subject: 'test', summary: 't', payload: '{}', createdAt: clock });
    expect(await instances.a.query.alerts.claimDueAlertDeliveries(clock, 10, LEASE, 'died')).toHaveLength(1);
    const [a, b] = [engine(instances.a), engine(instances.b)];
    await Promise.all([a.run(), b.run()]);
    expect(receiver.received).toHaveLength(0);
    expect(await instances.b.query.alerts.nextAlertAttemptAt()).toBe(clock + LEASE);
    clock += LEASE;
    await Promise.all([a.run(), b.run()]);
    clock += 10 * LEASE;
    await Promise.all([a.run(), b.run()]);
    expect(receiver.received).toHaveLength(1);
    expect((await history())[0]).toMatchObject({ status: 'delivered', attempts: [{ status: 200 }] });
  });

  it('queues each new group once when both instances read the same group events at once', async () => {
    await rule();
    const groups = 25;
    const records = Array.from({ length: groups }, (_, i) => newClientLog({ messageId: `m${i}`, groupId: `demo:g${i}`, receivedAt: clock + 1 + i }));
    await instances.a.ingest.logs.insertClientLogs({ records, ignored: 0 });
    clock += 1_000;
    // Both read the events before either queues an alert or moves the cursor.
    const meet = barrier(2);
    const overlapping = (store: Store): AlertSources => ({
      ...store.query,
      groupEvents: { listGroupEvents: async (after, limit) => store.query.groupEvents.listGroupEvents(after, limit).finally(meet) },
    });
    const queued = await Promise.all([instances.a, instances.b].map((store) => evaluateAlerts(overlapping(store), clock, { vitals: false })));

    expect(queued[0]! + queued[1]!).toBe(groups);
    const events = await instances.a.query.groupEvents.listGroupEvents(0, 1_000);
    expect(events).toHaveLength(groups);
    expect(await instances.b.query.alerts.getAlertCursor('group-events')).toBe(events.at(-1)!.id);
    await Promise.all([engine(instances.a).run(), engine(instances.b).run()]);
    expect(new Set(receiver.received.map((request) => (request.body as { group: { groupId: string } }).group.groupId)).size).toBe(groups);
    expect(receiver.received).toHaveLength(groups);
  });

  it('alerts once about a slow page when two instances on either side of a cool-down period see it at once', async () => {
    await rule({ kind: 'vitals-p75', metric: 'LCP', threshold: 2_500, minSamples: 4, windowMinutes: 30, cooldownMinutes: 60 });
    const boundary = Math.ceil((clock + 1) / HOUR) * HOUR; // where the dedupe key's cool-down period changes
    for (const [i, lcp] of [3_000, 3_200, 3_400, 3_600].entries()) {
      await instances.b.ingest.perf.insertPerfReport(perfReport({ wv_lcp: lcp }, { id: `p${i}`, receivedAt: boundary - 60_000 }));
    }
    // Each instance's clock on its own side of the boundary (so two keys), meeting after the read.
    const meet = barrier(2);
    const overlapping = (store: Store): AlertSources => ({
      ...store.query,
      perf: { listPerfReports: async (query) => store.query.perf.listPerfReports(query).finally(meet) },
    });
    const queued = await Promise.all([
      evaluateAlerts(overlapping(instances.a), boundary - 500, { vitals: true }),
      evaluateAlerts(overlapping(instances.b), boundary + 500, { vitals: true }),
    ]);
    expect(queued.sort()).toEqual([0, 1]);
    expect(await history()).toHaveLength(1);
  });
});
