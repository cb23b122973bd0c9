import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AlertRuleInput } from '../../alerts/contract.js';
import type { AlertStorage, NewAlertDelivery } from '../../alerts/ports.js';
import { createPostgresAlertStore } from './alerts.js';
import { createPostgresLogPorts } from './logs.js';
import type { MigratedPool } from './testing/migratedPool.js';
import { createMigratedPool } from './testing/migratedPool.js';

let db: MigratedPool;
let alerts: AlertStorage;
beforeAll(async () => {
  db = await createMigratedPool();
  alerts = createPostgresAlertStore(db.pool);
});
afterAll(async () => {
  await db?.close();
});
beforeEach(async () => {
  await db.pool.query('TRUNCATE alert_rules, alert_cursors, log_groups, ingest_keys CASCADE');
});

const ruleInput = (overrides: Partial<AlertRuleInput> = {}): AlertRuleInput => ({
  name: 'Regressions',
  kind: 'regression',
  webhookUrl: 'https://hooks.example.test/tarmac',
  secret: 'first-secret-0123456789',
  product: 'demo',
  ...overrides,
});
const delivery = (ruleId: number, overrides: Partial<NewAlertDelivery> = {}): NewAlertDelivery => ({
  ruleId,
  kind: 'regression',
  dedupeKey: 'event:1',
  subject: 'group:demo:abc',
  summary: 'Regressed in 2.0: boom',
  payload: '{"kind":"regression"}',
  createdAt: 1_000,
  ...overrides,
});

describe('PostgreSQL alert store', () => {
  it('keeps rules with their conditions and never gives their secret back but to a claimed delivery', async () => {
    const rule = await alerts.createAlertRule(ruleInput(), 500);
    expect(rule).toEqual({
      id: rule.id, name: 'Regressions', kind: 'regression', webhookUrl: 'https://hooks.example.test/tarmac',
      enabled: true, product: 'demo', createdAt: 500, updatedAt: 500,
    });
    expect(JSON.stringify(await alerts.listAlertRules())).not.toContain('secret');
    await alerts.queueAlertDelivery(delivery(rule.id));
    expect((await alerts.claimDueAlertDeliveries(1_000, 10, 0, 'a'))[0]).toMatchObject({ secret: 'first-secret-0123456789', webhookUrl: rule.webhookUrl, attempts: 0 });
  });

  it('replaces a rule, keeping its secret unless a new one is given', async () => {
    const { id } = await alerts.createAlertRule(ruleInput(), 500);
    const updated = await alerts.updateAlertRule(id, { ...ruleInput({ kind: 'group-rate', threshold: 50, enabled: false }), secret: undefined }, 900);
    expect(updated).toMatchObject({ kind: 'group-rate', threshold: 50, enabled: false, createdAt: 500, updatedAt: 900 });
    await alerts.queueAlertDelivery(delivery(id));
    expect((await alerts.claimDueAlertDeliveries(1_000, 10, 0, 'a'))[0]?.secret).toBe('first-secret-0123456789');
    await alerts.updateAlertRule(id, ruleInput({ secret: 'second-secret-0123456789' }), 950);
    expect((await alerts.claimDueAlertDeliveries(1_000, 10, 0, 'a'))[0]?.secret).toBe('second-secret-0123456789');
    expect(await alerts.updateAlertRule(id + 1, ruleInput(), 950)).toBeNull();
  });

  it('queues a condition once per rule (its dedupe key)', async () => {
    const a = await alerts.createAlertRule(ruleInput(), 0);
    const b = await alerts.createAlertRule(ruleInput({ name: 'Other' }), 0);
    expect(await alerts.queueAlertDelivery(delivery(a.id))).toEqual(expect.any(Number));
    expect(await alerts.queueAlertDelivery(delivery(a.id, { createdAt: 2_000 }))).toBeNull();
    expect(await alerts.queueAlertDelivery(delivery(b.id))).toEqual(expect.any(Number));
    await alerts.queueAlertDelivery(delivery(a.id, { dedupeKey: 'event:2', createdAt: 3_000 }));
  });

  it('hands out due deliveries, records attempts and where each delivery stands', async () => {
    const rule = await alerts.createAlertRule(ruleInput(), 0);
    const first = (await alerts.queueAlertDelivery(delivery(rule.id)))!;
    const second = (await alerts.queueAlertDelivery(delivery(rule.id, { dedupeKey: 'event:2', createdAt: 5_000 })))!;
    expect((await alerts.claimDueAlertDeliveries(4_999, 10, 0, 'a')).map((d) => d.id)).toEqual([first]);
    await alerts.recordAlertAttempt(first, { at: 1_100, status: 503, error: 'HTTP 503', durationMs: 12 }, { status: 'pending', nextAttemptAt: 11_100 }, 'a');
    expect(await alerts.nextAlertAttemptAt()).toBe(5_000);
    expect((await alerts.claimDueAlertDeliveries(6_000, 10, 0, 'a')).map((d) => d.id)).toEqual([second]);
    await alerts.recordAlertAttempt(first, { at: 11_100, status: 200, error: null, durationMs: 8 }, { status: 'delivered', nextAttemptAt: null }, 'a');
    const [newest, oldest] = await alerts.listAlertDeliveries({ limit: 10 });
    expect(newest).toMatchObject({ id: second, status: 'pending', nextAttemptAt: 5_000, attempts: [] });
    expect(oldest).toMatchObject({
      id: first, ruleName: 'Regressions', status: 'delivered', deliveredAt: 11_100, nextAttemptAt: null,
      attempts: [
        { at: 1_100, status: 503, error: 'HTTP 503', durationMs: 12 },
        { at: 11_100, status: 200, error: null, durationMs: 8 },
      ],
    });
    expect((await alerts.claimDueAlertDeliveries(20_000, 10, 0, 'a')).map((d) => [d.id, d.attempts])).toEqual([[second, 0]]);
  });

  it('filters the history by rule, forgets old settled deliveries and a deleted rule’s history', async () => {
    const a = await alerts.createAlertRule(ruleInput(), 0);
    const b = await alerts.createAlertRule(ruleInput({ name: 'B' }), 0);
    const old = (await alerts.queueAlertDelivery(delivery(a.id)))!;
    await alerts.recordAlertAttempt(old, { at: 1_000, status: 404, error: 'HTTP 404', durationMs: 1 }, { status: 'failed', nextAttemptAt: null }, 'a');
    await alerts.queueAlertDelivery(delivery(a.id, { dedupeKey: 'event:2' })); // pending: kept
    await alerts.queueAlertDelivery(delivery(b.id));
    expect((await alerts.listAlertDeliveries({ ruleId: b.id, limit: 10 })).map((d) => d.ruleId)).toEqual([b.id]);
    expect(await alerts.trimAlertDeliveries(2_000)).toBe(1);
    expect(await alerts.deleteAlertRule(a.id)).toBe(true);
    expect(await alerts.deleteAlertRule(a.id)).toBe(false);
    expect((await alerts.listAlertDeliveries({ limit: 10 })).map((d) => d.ruleId)).toEqual([b.id]);
  });

  it('counts attempts and makes ids that keep growing after deletions', async () => {
    const rule = await alerts.createAlertRule(ruleInput(), 0);
    const id = (await alerts.queueAlertDelivery(delivery(rule.id)))!;
    for (let i = 0; i < 3; i++) {
      await alerts.recordAlertAttempt(id, { at: 2_000 + i, status: 500, error: 'HTTP 500', durationMs: 3 }, { status: 'pending', nextAttemptAt: 10_000 }, 'a');
    }
    expect(await alerts.claimDueAlertDeliveries(10_000, 10, 0, 'a')).toEqual([
      { id, kind: 'regression', payload: '{"kind":"regression"}', webhookUrl: rule.webhookUrl, secret: 'first-secret-0123456789', attempts: 3 },
    ]);
    await alerts.deleteAlertRule(rule.id);
    const next = await alerts.createAlertRule(ruleInput(), 0);
    expect(next.id).toBeGreaterThan(rule.id);
    expect(await alerts.getAlertRule(rule.id)).toBeNull();
    expect(await alerts.nextAlertAttemptAt()).toBeNull();
  });

  it('keeps cursors and reads groups over a per-minute count', async () => {
    expect(await alerts.getAlertCursor('group-events')).toBe(0);
    await alerts.setAlertCursor('group-events', 42);
    expect(await alerts.getAlertCursor('group-events')).toBe(42);
    const record = (messageId: string, groupId: string, occurrences: number, receivedAt: number) => ({
      messageId, groupId, product: 'demo', level: 4, type: 'uncaught', message: 'boom', fileName: null, lineNo: null, colNo: null,
      stackTrace: [], parsedStackTrace: [], occurrences, receivedAt, url: null, userAgent: null, extraArgs: [], context: {},
    });
    const logs = createPostgresLogPorts(db.pool, { insertDropReport: async () => {} });
    await logs.ingest.insertClientLogs({
      records: [record('1', 'demo:a', 30, 120_000), record('2', 'demo:a', 25, 150_000), record('3', 'demo:b', 10, 130_000), record('4', 'demo:a', 99, 180_000)],
      ignored: 0,
    });
    expect(await alerts.busyLogGroups(120_000, 50)).toEqual([{ groupId: 'demo:a', count: 55 }]);
    expect(await alerts.busyLogGroups(120_000, 55)).toEqual([]);
  });
});
