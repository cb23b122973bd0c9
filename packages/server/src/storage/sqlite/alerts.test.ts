import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AlertRuleInput } from '../../alerts/contract.js';
import type { NewAlertDelivery } from '../../alerts/alertStorage.js';
import type { Store } from '../ports.js';
import { createSqliteStore } from './createSqliteStore.js';

let storage: Store;
beforeEach(() => {
  storage = createSqliteStore({ file: ':memory:' });
});
afterEach(async () => {
  await storage.close();
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

describe('SQLite alert store', () => {
  it('keeps rules with their conditions and never gives their secret back but to a claimed delivery', async () => {
    const rule = await storage.query.alerts.createAlertRule(ruleInput(), 500);
    expect(rule).toEqual({
      id: rule.id, name: 'Regressions', kind: 'regression', webhookUrl: 'https://hooks.example.test/tarmac',
      enabled: true, product: 'demo', createdAt: 500, updatedAt: 500,
    });
    expect(JSON.stringify(await storage.query.alerts.listAlertRules())).not.toContain('secret');
    await storage.query.alerts.queueAlertDelivery(delivery(rule.id));
    expect((await storage.query.alerts.claimDueAlertDeliveries(1_000, 10, 0, 'a'))[0]).toMatchObject({ secret: 'first-secret-0123456789', webhookUrl: rule.webhookUrl, attempts: 0 });
  });

  it('replaces a rule, keeping its secret unless a new one is given', async () => {
    const { id } = await storage.query.alerts.createAlertRule(ruleInput(), 500);
    const updated = await storage.query.alerts.updateAlertRule(id, { ...ruleInput({ kind: 'group-rate', threshold: 50, enabled: false }), secret: undefined }, 900);
    expect(updated).toMatchObject({ kind: 'group-rate', threshold: 50, enabled: false, createdAt: 500, updatedAt: 900 });
    await storage.query.alerts.queueAlertDelivery(delivery(id));
    expect((await storage.query.alerts.claimDueAlertDeliveries(1_000, 10, 0, 'a'))[0]?.secret).toBe('first-secret-0123456789');
    await storage.query.alerts.updateAlertRule(id, ruleInput({ secret: 'second-secret-0123456789' }), 950);
    expect((await storage.query.alerts.claimDueAlertDeliveries(1_000, 10, 0, 'a'))[0]?.secret).toBe('second-secret-0123456789');
    expect(await storage.query.alerts.updateAlertRule(id + 1, ruleInput(), 950)).toBeNull();
  });

  it('queues a condition once per rule (its dedupe key)', async () => {
    const a = await storage.query.alerts.createAlertRule(ruleInput(), 0);
    const b = await storage.query.alerts.createAlertRule(ruleInput({ name: 'Other' }), 0);
    expect(await storage.query.alerts.queueAlertDelivery(delivery(a.id))).toEqual(expect.any(Number));
    expect(await storage.query.alerts.queueAlertDelivery(delivery(a.id, { createdAt: 2_000 }))).toBeNull();
    expect(await storage.query.alerts.queueAlertDelivery(delivery(b.id))).toEqual(expect.any(Number));
    await storage.query.alerts.queueAlertDelivery(delivery(a.id, { dedupeKey: 'event:2', createdAt: 3_000 }));
  });

  it('hands out due deliveries, records attempts and where each delivery stands', async () => {
    const rule = await storage.query.alerts.createAlertRule(ruleInput(), 0);
    const first = (await storage.query.alerts.queueAlertDelivery(delivery(rule.id)))!;
    const second = (await storage.query.alerts.queueAlertDelivery(delivery(rule.id, { dedupeKey: 'event:2', createdAt: 5_000 })))!;
    expect((await storage.query.alerts.claimDueAlertDeliveries(4_999, 10, 0, 'a')).map((d) => d.id)).toEqual([first]);
    await storage.query.alerts.recordAlertAttempt(first, { at: 1_100, status: 503, error: 'HTTP 503', durationMs: 12 }, { status: 'pending', nextAttemptAt: 11_100 }, 'a');
    expect(await storage.query.alerts.nextAlertAttemptAt()).toBe(5_000);
    expect((await storage.query.alerts.claimDueAlertDeliveries(6_000, 10, 0, 'a')).map((d) => d.id)).toEqual([second]);
    await storage.query.alerts.recordAlertAttempt(first, { at: 11_100, status: 200, error: null, durationMs: 8 }, { status: 'delivered', nextAttemptAt: null }, 'a');
    const [newest, oldest] = await storage.query.alerts.listAlertDeliveries({ limit: 10 });
    expect(newest).toMatchObject({ id: second, status: 'pending', nextAttemptAt: 5_000, attempts: [] });
    expect(oldest).toMatchObject({
      id: first, ruleName: 'Regressions', status: 'delivered', deliveredAt: 11_100, nextAttemptAt: null,
      attempts: [
        { at: 1_100, status: 503, error: 'HTTP 503', durationMs: 12 },
        { at: 11_100, status: 200, error: null, durationMs: 8 },
      ],
    });
    expect((await storage.query.alerts.claimDueAlertDeliveries(20_000, 10, 0, 'a')).map((d) => [d.id, d.attempts])).toEqual([[second, 0]]);
  });

  it('filters the history by rule, forgets old settled deliveries and a deleted rule’s history', async () => {
    const a = await storage.query.alerts.createAlertRule(ruleInput(), 0);
    const b = await storage.query.alerts.createAlertRule(ruleInput({ name: 'B' }), 0);
    const old = (await storage.query.alerts.queueAlertDelivery(delivery(a.id)))!;
    await storage.query.alerts.recordAlertAttempt(old, { at: 1_000, status: 404, error: 'HTTP 404', durationMs: 1 }, { status: 'failed', nextAttemptAt: null }, 'a');
    await storage.query.alerts.queueAlertDelivery(delivery(a.id, { dedupeKey: 'event:2' })); // pending: kept
    await storage.query.alerts.queueAlertDelivery(delivery(b.id));
    expect((await storage.query.alerts.listAlertDeliveries({ ruleId: b.id, limit: 10 })).map((d) => d.ruleId)).toEqual([b.id]);
    expect(await storage.query.alerts.trimAlertDeliveries(2_000)).toBe(1);
    expect(await storage.query.alerts.deleteAlertRule(a.id)).toBe(true);
    expect(await storage.query.alerts.deleteAlertRule(a.id)).toBe(false);
    expect((await storage.query.alerts.listAlertDeliveries({ limit: 10 })).map((d) => d.ruleId)).toEqual([b.id]);
  });

  it('keeps cursors and reads groups over a per-minute count', async () => {
    expect(await storage.query.alerts.getAlertCursor('group-events')).toBe(0);
    await storage.query.alerts.setAlertCursor('group-events', 42);
    expect(await storage.query.alerts.getAlertCursor('group-events')).toBe(42);
    const record = (messageId: string, groupId: string, occurrences: number, receivedAt: number) => ({
      messageId, groupId, product: 'demo', level: 4, type: 'uncaught', message: 'boom', fileName: null, lineNo: null, colNo: null,
      stackTrace: [], parsedStackTrace: [], occurrences, receivedAt, url: null, userAgent: null, extraArgs: [], context: {},
    });
    await storage.ingest.logs.insertClientLogs({
      records: [record('1', 'demo:a', 30, 120_000), record('2', 'demo:a', 25, 150_000), record('3', 'demo:b', 10, 130_000), record('4', 'demo:a', 99, 180_000)],
      ignored: 0,
    });
    expect(await storage.query.alerts.busyLogGroups(120_000, 50)).toEqual([{ groupId: 'demo:a', count: 55 }]);
    expect(await storage.query.alerts.busyLogGroups(120_000, 55)).toEqual([]);
  });
});
