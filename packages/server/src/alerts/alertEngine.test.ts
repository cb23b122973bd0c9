import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSqliteStore } from '../storage/sqlite/createSqliteStore.js';
import type { Store } from '../storage/ports.js';
import { newClientLog } from '../testing/fixtures.js';
import type { AlertEngineSettings } from './alertEngine.js';
import { createAlertEngine } from './alertEngine.js';
import type { WebhookReceiver } from './testing/webhookReceiver.js';
import { startWebhookReceiver } from './testing/webhookReceiver.js';

const SECRET = 'engine-secret-0123456789';
let storage: Store;
let receiver: WebhookReceiver;
let clock: number;
const logged: unknown[] = [];
const log = { warn: (...args: unknown[]) => logged.push(args), error: (...args: unknown[]) => logged.push(args) } as unknown as FastifyBaseLogger;

beforeEach(async () => {
  storage = createSqliteStore({ file: ':memory:' });
  receiver = await startWebhookReceiver();
  clock = 1_700_000_000_000;
  logged.length = 0;
});
afterEach(async () => {
  await receiver.stop();
  await storage.close();
});

const engine = (settings: AlertEngineSettings = {}) =>
  createAlertEngine(storage.query, log, { retry: { baseMs: 1_000, maxAttempts: 3 }, now: () => clock, ...settings });
async function newGroupAlert(): Promise<number> {
  const { id } = await storage.query.alerts.createAlertRule({ name: 'New errors', kind: 'new-group', webhookUrl: receiver.url, secret: SECRET }, clock);
  await storage.ingest.logs.insertClientLogs({ records: [newClientLog({ groupId: 'demo:g', receivedAt: clock + 1 })], ignored: 0 });
  clock += 10;
  return id;
}
const history = async () => (await storage.query.alerts.listAlertDeliveries({ limit: 10 }))[0]!;

describe('alert engine', () => {
  it('evaluates and delivers in one run: the signed JSON reaches the receiver, the delivery is recorded', async () => {
    const ruleId = await newGroupAlert();
    await engine().run();
    const [request] = receiver.received;
    const body = request!.body as { id: number; kind: string; rule: { id: number } };
    expect(body).toMatchObject({ kind: 'new-group', rule: { id: ruleId }, group: { groupId: 'demo:g' } });
    const signature = createHmac('sha256', SECRET).update(`${request!.headers['x-tarmac-timestamp']}.${request!.raw}`).digest('hex');
    expect(request!.headers['x-tarmac-signature']).toBe(`sha256=${signature}`);
    expect(await history()).toMatchObject({ id: body.id, status: 'delivered', deliveredAt: clock, attempts: [{ status: 200, error: null }] });
  });

  it('retries a failed delivery with backoff, same id and body, until the receiver takes it', async () => {
    await newGroupAlert();
    receiver.replies.push(500, [503, '5']);
    const alerts = engine();
    await alerts.run();
    expect(await history()).toMatchObject({ status: 'pending', nextAttemptAt: clock + 1_000 });
    clock += 999;
    await alerts.run();
    expect(receiver.received).toHaveLength(1);
    clock += 1;
    await alerts.run();
    expect(await history()).toMatchObject({ status: 'pending', nextAttemptAt: clock + 5_000 }); // Retry-After 5 s beat 2 s
    clock += 5_000;
    await alerts.run();
    expect(receiver.received.map((r) => r.raw)).toEqual(Array(3).fill(receiver.received[0]!.raw));
    expect((await history()).attempts.map((a) => a.status)).toEqual([500, 503, 200]);
    expect(await history()).toMatchObject({ status: 'delivered' });
  });

  it('gives up after the last attempt, and at once on a refusal', async () => {
    await newGroupAlert();
    receiver.replies.push(500, 500, 500);
    const alerts = engine();
    for (let i = 0; i < 4; i++) {
      await alerts.run();
      clock += 60_000;
    }
    expect(await history()).toMatchObject({ status: 'failed', nextAttemptAt: null });
    expect(receiver.received).toHaveLength(3);
    await storage.query.alerts.queueAlertDelivery({ ruleId: (await storage.query.alerts.listAlertRules())[0]!.id, kind: 'test', dedupeKey: 'test:1', subject: 'test', summary: 't', payload: '{}', createdAt: clock });
    receiver.replies.push(410);
    await alerts.run();
    expect(await history()).toMatchObject({ kind: 'test', status: 'failed', attempts: [{ status: 410, error: 'HTTP 410' }] });
  });

  it('never logs the secret or the webhook URL', async () => {
    await newGroupAlert();
    receiver.replies.push(500);
    await engine().run();
    expect(logged).not.toHaveLength(0);
    expect(JSON.stringify(logged)).not.toMatch(new RegExp(`${SECRET}|${receiver.url}`));
  });

  it('runs soon after a kick once started, and not after it is stopped', async () => {
    await newGroupAlert();
    const alerts = engine({ kickDelayMs: 0, intervalMs: 60_000 });
    const spy = vi.spyOn(storage.query.alerts, 'claimDueAlertDeliveries');
    alerts.start();
    await receiver.waitFor(1);
    await alerts.stop();
    const runs = spy.mock.calls.length;
    alerts.kick();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(spy.mock.calls.length).toBe(runs);
  });
});
