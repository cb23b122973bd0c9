import { describe, expect, it } from 'vitest';
import type { AlertAttempt } from '../../alerts/contract.js';
import { alertDelivery, alertRuleInput, T0 } from './fixtures.js';
import type { OpenStore } from './openStore.js';
import { storePerTest } from './openStore.js';

const LEASE = 60_000;
const failed = (at: number): AlertAttempt => ({ at, status: 503, error: 'HTTP 503', durationMs: 5 });
const ok = (at: number): AlertAttempt => ({ at, status: 200, error: null, durationMs: 5 });

/**
 * Claims on due alert deliveries: what keeps several instances, each running the alert engine on
 * one store, from sending the same webhook twice, and what lets one retry a dead one's delivery.
 */
export function describeAlertClaims(open: OpenStore): void {
  describe('alert delivery claims', () => {
    const store = storePerTest(open);
    const alerts = () => store().query.alerts;
    async function queued(count: number, at = T0): Promise<number[]> {
      const rule = await alerts().createAlertRule(alertRuleInput(), T0);
      const ids: number[] = [];
      for (let i = 0; i < count; i++) ids.push((await alerts().queueAlertDelivery(alertDelivery(rule.id, { dedupeKey: `event:${i}`, createdAt: at + i })))!);
      return ids;
    }

    it('never hands one delivery to two claims made at once, and together they take every due one', async () => {
      const ids = await queued(30);
      await alerts().queueAlertDelivery(alertDelivery((await alerts().listAlertRules())[0]!.id, { dedupeKey: 'later', createdAt: T0 + 5_000 }));
      const now = T0 + 1_000;
      const claims = await Promise.all(['a', 'b', 'c', 'd'].map((owner) => alerts().claimDueAlertDeliveries(now, 10, LEASE, owner)));
      const taken = claims.flat().map((d) => d.id);
      expect(new Set(taken).size).toBe(taken.length);
      expect([...taken].sort((x, y) => x - y)).toEqual(ids);
      for (const claim of claims) expect(claim.map((d) => d.id)).toEqual([...claim.map((d) => d.id)].sort((x, y) => x - y));
      expect(claims.flat()[0]).toMatchObject({ secret: 'first-secret-0123456789', attempts: 0, kind: 'regression' });
      expect(await alerts().claimDueAlertDeliveries(now, 100, LEASE, 'e')).toEqual([]);
    });

    it('hands a delivery out again once its lease has run out, and not before', async () => {
      const [id] = await queued(1);
      expect((await alerts().claimDueAlertDeliveries(T0 + 1_000, 10, LEASE, 'dead')).map((d) => d.id)).toEqual([id]);
      expect(await alerts().claimDueAlertDeliveries(T0 + 1_000 + LEASE - 1, 10, LEASE, 'b')).toEqual([]);
      expect(await alerts().nextAlertAttemptAt()).toBe(T0 + 1_000 + LEASE);
      const retried = await alerts().claimDueAlertDeliveries(T0 + 1_000 + LEASE, 10, LEASE, 'b');
      expect(retried.map((d) => [d.id, d.attempts])).toEqual([[id, 0]]);
      // The console sees the delivery's own next attempt, not the lease.
      expect((await alerts().listAlertDeliveries({ limit: 1 }))[0]).toMatchObject({ status: 'pending', nextAttemptAt: T0 });
    });

    it('ends the claim with the attempt its owner records', async () => {
      const [id] = await queued(1);
      await alerts().claimDueAlertDeliveries(T0 + 1_000, 10, LEASE, 'a');
      await alerts().recordAlertAttempt(id!, failed(T0 + 1_100), { status: 'pending', nextAttemptAt: T0 + 10_000 }, 'a');
      expect(await alerts().nextAlertAttemptAt()).toBe(T0 + 10_000);
      expect(await alerts().claimDueAlertDeliveries(T0 + 9_999, 10, LEASE, 'b')).toEqual([]);
      expect((await alerts().claimDueAlertDeliveries(T0 + 10_000, 10, LEASE, 'b')).map((d) => [d.id, d.attempts])).toEqual([[id, 1]]);
      await alerts().recordAlertAttempt(id!, ok(T0 + 10_100), { status: 'delivered', nextAttemptAt: null }, 'b');
      expect(await alerts().nextAlertAttemptAt()).toBeNull();
      expect(await alerts().claimDueAlertDeliveries(T0 + 10 * LEASE, 10, LEASE, 'c')).toEqual([]);
    });

    it('lets a late attempt neither free the claim of the owner that took over nor reopen a settled delivery', async () => {
      const [id] = await queued(1);
      await alerts().claimDueAlertDeliveries(T0 + 1_000, 10, LEASE, 'slow');
      const takeover = T0 + 1_000 + LEASE;
      expect(await alerts().claimDueAlertDeliveries(takeover, 10, LEASE, 'b')).toHaveLength(1);
      await alerts().recordAlertAttempt(id!, failed(takeover + 1), { status: 'pending', nextAttemptAt: takeover + 2 }, 'slow');
      expect(await alerts().claimDueAlertDeliveries(takeover + 2, 10, LEASE, 'c')).toEqual([]); // still b's
      expect(await alerts().nextAlertAttemptAt()).toBe(takeover + LEASE);
      await alerts().recordAlertAttempt(id!, ok(takeover + 3), { status: 'delivered', nextAttemptAt: null }, 'b');
      await alerts().recordAlertAttempt(id!, failed(takeover + 4), { status: 'pending', nextAttemptAt: takeover + 5 }, 'slow');
      const [delivery] = await alerts().listAlertDeliveries({ limit: 1 });
      expect(delivery).toMatchObject({ status: 'delivered', deliveredAt: takeover + 3, nextAttemptAt: null });
      expect(delivery!.attempts.map((a) => a.status)).toEqual([503, 200, 503]);
      expect(await alerts().claimDueAlertDeliveries(takeover + 10 * LEASE, 10, LEASE, 'c')).toEqual([]);
    });
  });
}
