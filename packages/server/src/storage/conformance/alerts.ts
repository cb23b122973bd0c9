import { describe, expect, it } from 'vitest';
import { alertDelivery, alertRuleInput, logBatch, logRecord, MINUTE, T0 } from './fixtures.js';
import type { OpenStore } from './openStore.js';
import { storePerTest } from './openStore.js';

/** The alert port: rules and their secret, deliveries queued once, attempts, cursors, busy groups. */
const OWNER = 'engine-a';

export function describeAlertPorts(open: OpenStore): void {
  describe('alerts ports', () => {
    const store = storePerTest(open);
    const alerts = () => store().query.alerts;
    // A claim whose lease ends at once: it reads what is due without holding it (alertClaims.ts
    // tests real leases).
    const due = (now: number, limit: number) => alerts().claimDueAlertDeliveries(now, limit, 0, OWNER);

    it('keeps rules with their conditions and gives their secret only to a claimed delivery', async () => {
      const rule = await alerts().createAlertRule(alertRuleInput(), T0 + 500);
      expect(rule).toEqual({
        id: rule.id, name: 'Regressions', kind: 'regression', webhookUrl: 'https://hooks.example.test/tarmac',
        enabled: true, product: 'demo', createdAt: T0 + 500, updatedAt: T0 + 500,
      });
      const rate = await alerts().createAlertRule(alertRuleInput({ name: 'Rate', kind: 'group-rate', threshold: 50, minLevel: 3, cooldownMinutes: 5, enabled: false }), T0 + 600);
      expect(rate).toMatchObject({ kind: 'group-rate', threshold: 50, minLevel: 3, cooldownMinutes: 5, enabled: false });
      expect(rate.id).not.toBe(rule.id);
      expect(await alerts().listAlertRules()).toEqual([rule, rate]);
      expect(await alerts().getAlertRule(rate.id)).toEqual(rate);
      expect(await alerts().getAlertRule(rate.id + rule.id + 100)).toBeNull();
      expect(JSON.stringify([await alerts().listAlertRules(), await alerts().listAlertDeliveries({ limit: 10 })])).not.toContain('secret');
      await alerts().queueAlertDelivery(alertDelivery(rule.id));
      expect((await due(T0 + 1_000, 10))[0]).toMatchObject({ secret: 'first-secret-0123456789', webhookUrl: rule.webhookUrl, attempts: 0, payload: '{"kind":"regression"}' });
    });

    it('replaces a rule, keeping its secret unless a new one is given', async () => {
      const { id } = await alerts().createAlertRule(alertRuleInput(), T0 + 500);
      const updated = await alerts().updateAlertRule(id, { ...alertRuleInput({ kind: 'group-rate', threshold: 50, enabled: false, product: undefined }), secret: undefined }, T0 + 900);
      expect(updated).toEqual({ id, name: 'Regressions', kind: 'group-rate', webhookUrl: 'https://hooks.example.test/tarmac', threshold: 50, enabled: false, createdAt: T0 + 500, updatedAt: T0 + 900 });
      await alerts().queueAlertDelivery(alertDelivery(id));
      expect((await due(T0 + 1_000, 10))[0]?.secret).toBe('first-secret-0123456789');
      await alerts().updateAlertRule(id, alertRuleInput({ secret: 'second-secret-0123456789' }), T0 + 950);
      expect((await due(T0 + 1_000, 10))[0]?.secret).toBe('second-secret-0123456789');
      expect(await alerts().updateAlertRule(id + 1, alertRuleInput(), T0 + 950)).toBeNull();
    });

    it('queues a condition once per rule (its dedupe key), even twice at once', async () => {
      const a = await alerts().createAlertRule(alertRuleInput(), T0);
      const b = await alerts().createAlertRule(alertRuleInput({ name: 'Other' }), T0);
      expect(await alerts().queueAlertDelivery(alertDelivery(a.id))).toEqual(expect.any(Number));
      expect(await alerts().queueAlertDelivery(alertDelivery(a.id, { createdAt: T0 + 2_000 }))).toBeNull();
      expect(await alerts().queueAlertDelivery(alertDelivery(b.id))).toEqual(expect.any(Number));
      const raced = await Promise.all([1, 2, 3].map(() => alerts().queueAlertDelivery(alertDelivery(b.id, { dedupeKey: 'event:9' }))));
      expect(raced.filter((id) => id !== null)).toHaveLength(1);
      expect((await alerts().listAlertDeliveries({ limit: 10 })).map((d) => d.ruleId)).toEqual([b.id, b.id, a.id]);
    });

    it('keeps a cooled subject quiet for the cool-down, even when several instances queue about it at once', async () => {
      const a = await alerts().createAlertRule(alertRuleInput({ kind: 'group-rate', threshold: 5 }), T0);
      const b = await alerts().createAlertRule(alertRuleInput({ kind: 'group-rate', threshold: 5, name: 'B' }), T0);
      const cooled = (ruleId: number, minute: number, overrides = {}) =>
        alertDelivery(ruleId, { dedupeKey: `rate:demo:abc:${minute}`, createdAt: T0 + minute * MINUTE, cooldownMs: 10 * MINUTE, ...overrides });
      expect(await alerts().queueAlertDelivery(cooled(a.id, 0))).toEqual(expect.any(Number));
      expect(await alerts().queueAlertDelivery(cooled(a.id, 9))).toBeNull(); // 9 min later: still cooling
      expect(await alerts().queueAlertDelivery(cooled(a.id, 9, { subject: 'group:demo:other' }))).toEqual(expect.any(Number));
      expect(await alerts().queueAlertDelivery(cooled(b.id, 9))).toEqual(expect.any(Number)); // another rule cools on its own
      expect(await alerts().queueAlertDelivery(cooled(a.id, 10))).toEqual(expect.any(Number)); // the cool-down is over
      // Twelve instances at once, each at its own time within one cool-down (so different keys).
      const raced = await Promise.all(Array.from({ length: 12 }, (_, i) => 30 + i / 2).map((minute) => alerts().queueAlertDelivery(cooled(a.id, minute))));
      expect(raced.filter((id) => id !== null)).toHaveLength(1);
      expect((await alerts().listAlertDeliveries({ ruleId: a.id, limit: 10 })).map((d) => d.createdAt - T0)).toEqual([
        expect.any(Number), 10 * MINUTE, 9 * MINUTE, 0,
      ]);
    });

    it('hands out due deliveries oldest first, records attempts and where each delivery stands', async () => {
      const rule = await alerts().createAlertRule(alertRuleInput(), T0);
      const first = (await alerts().queueAlertDelivery(alertDelivery(rule.id)))!;
      const second = (await alerts().queueAlertDelivery(alertDelivery(rule.id, { dedupeKey: 'event:2', createdAt: T0 + 5_000 })))!;
      expect(await alerts().nextAlertAttemptAt()).toBe(T0 + 1_000);
      expect((await due(T0 + 4_999, 10)).map((d) => d.id)).toEqual([first]);
      await alerts().recordAlertAttempt(first, { at: T0 + 1_100, status: 503, error: 'HTTP 503', durationMs: 12 }, { status: 'pending', nextAttemptAt: T0 + 11_100 }, OWNER);
      expect(await alerts().nextAlertAttemptAt()).toBe(T0 + 5_000);
      expect((await due(T0 + 6_000, 10)).map((d) => d.id)).toEqual([second]);
      expect((await due(T0 + 20_000, 1)).map((d) => d.id)).toEqual([second]);
      await alerts().recordAlertAttempt(first, { at: T0 + 11_100, status: 200, error: null, durationMs: 8 }, { status: 'delivered', nextAttemptAt: null }, OWNER);
      const [newest, oldest] = await alerts().listAlertDeliveries({ limit: 10 });
      expect(newest).toMatchObject({ id: second, status: 'pending', nextAttemptAt: T0 + 5_000, deliveredAt: null, attempts: [] });
      expect(oldest).toEqual({
        id: first, ruleId: rule.id, ruleName: 'Regressions', kind: 'regression', subject: 'group:demo:abc', summary: 'Regressed in 2.0: boom',
        status: 'delivered', createdAt: T0 + 1_000, deliveredAt: T0 + 11_100, nextAttemptAt: null,
        attempts: [
          { at: T0 + 1_100, status: 503, error: 'HTTP 503', durationMs: 12 },
          { at: T0 + 11_100, status: 200, error: null, durationMs: 8 },
        ],
      });
      expect((await due(T0 + 20_000, 10)).map((d) => [d.id, d.attempts])).toEqual([[second, 0]]);
      await alerts().recordAlertAttempt(second, { at: T0 + 20_000, status: 404, error: 'HTTP 404', durationMs: 1 }, { status: 'failed', nextAttemptAt: null }, OWNER);
      expect(await alerts().nextAlertAttemptAt()).toBeNull();
    });

    it('filters the history by rule, forgets old settled deliveries and a deleted rule’s history', async () => {
      const a = await alerts().createAlertRule(alertRuleInput(), T0);
      const b = await alerts().createAlertRule(alertRuleInput({ name: 'B' }), T0);
      const old = (await alerts().queueAlertDelivery(alertDelivery(a.id)))!;
      await alerts().recordAlertAttempt(old, { at: T0 + 1_000, status: 404, error: 'HTTP 404', durationMs: 1 }, { status: 'failed', nextAttemptAt: null }, OWNER);
      await alerts().queueAlertDelivery(alertDelivery(a.id, { dedupeKey: 'event:2' })); // pending: kept
      await alerts().queueAlertDelivery(alertDelivery(b.id));
      expect((await alerts().listAlertDeliveries({ ruleId: b.id, limit: 10 })).map((d) => d.ruleId)).toEqual([b.id]);
      expect(await alerts().listAlertDeliveries({ limit: 1 })).toHaveLength(1);
      expect(await alerts().trimAlertDeliveries(T0 + 2_000)).toBe(1);
      expect(await alerts().deleteAlertRule(a.id)).toBe(true);
      expect(await alerts().deleteAlertRule(a.id)).toBe(false);
      expect((await alerts().listAlertDeliveries({ limit: 10 })).map((d) => d.ruleId)).toEqual([b.id]);
      expect((await alerts().listAlertRules()).map((r) => r.name)).toEqual(['B']);
    });

    it('keeps cursors, only ever forward, and reads groups over a per-minute count, busiest first', async () => {
      expect(await alerts().getAlertCursor('group-events')).toBe(0);
      await alerts().setAlertCursor('group-events', 42);
      await alerts().setAlertCursor('group-events', 43);
      await alerts().setAlertCursor('other', 7);
      expect(await alerts().getAlertCursor('group-events')).toBe(43);
      await alerts().setAlertCursor('group-events', 40); // a slower instance finishing late
      expect(await alerts().getAlertCursor('group-events')).toBe(43);
      expect(await alerts().getAlertCursor('other')).toBe(7);
      const minute = T0 + 2 * MINUTE;
      const record = (messageId: string, groupId: string, occurrences: number, receivedAt: number) =>
        logRecord({ messageId, groupId, occurrences, receivedAt, product: 'demo' });
      await store().ingest.logs.insertClientLogs(logBatch([
        record('1', 'demo:a', 30, minute), record('2', 'demo:a', 25, minute + 30_000), record('3', 'demo:b', 10, minute + 10_000),
        record('4', 'demo:a', 99, minute + MINUTE), record('5', 'demo:c', 60, minute + 59_999),
      ]));
      await store().ingest.logs.insertClientLogs(logBatch([record('2', 'demo:a', 25, minute + 30_000)])); // a retry adds nothing
      expect(await alerts().busyLogGroups(minute, 50)).toEqual([{ groupId: 'demo:c', count: 60 }, { groupId: 'demo:a', count: 55 }]);
      expect(await alerts().busyLogGroups(minute, 55)).toEqual([{ groupId: 'demo:c', count: 60 }]);
      expect(await alerts().busyLogGroups(minute + MINUTE, 50)).toEqual([{ groupId: 'demo:a', count: 99 }]);
    });

    it('orders groups of the same per-minute count by group id (byte order), alike on every engine', async () => {
      const minute = T0 + 5 * MINUTE;
      // Stored in an order that is neither the ids' order nor its reverse; 'B' before 'a' in byte order.
      const ids = ['demo:m', 'demo:B', 'demo:z', 'demo:a'];
      await store().ingest.logs.insertClientLogs(logBatch(ids.map((groupId, i) =>
        logRecord({ messageId: `t${i}`, groupId, occurrences: groupId === 'demo:z' ? 9 : 7, receivedAt: minute + i, product: 'demo' }),
      )));
      expect(await alerts().busyLogGroups(minute, 1)).toEqual([
        { groupId: 'demo:z', count: 9 }, { groupId: 'demo:B', count: 7 }, { groupId: 'demo:a', count: 7 }, { groupId: 'demo:m', count: 7 },
      ]);
    });
  });
}
