import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clientLogMessage } from '../testing/fixtures.js';
import { consoleAuth, postJson, testAppForEachTest } from '../testing/testApp.js';
import type { AlertDelivery, AlertRule } from './contract.js';
import type { WebhookReceiver } from './testing/webhookReceiver.js';
import { startWebhookReceiver } from './testing/webhookReceiver.js';

const t = testAppForEachTest({ alerts: { kickDelayMs: 0, retry: { baseMs: 10, maxAttempts: 3 } } });
let receiver: WebhookReceiver;
beforeEach(async () => {
  receiver = await startWebhookReceiver();
});
afterEach(async () => {
  await receiver.stop();
});

const SECRET = 'routes-secret-0123456789';
const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = consoleAuth) =>
  t.app.inject({ method, url: `/console/api/alerts${url}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const newRule = (overrides: Record<string, unknown> = {}) => ({ name: 'New errors', kind: 'new-group', webhookUrl: receiver.url, secret: SECRET, ...overrides });
const rules = async () => (await api('GET', '/rules')).json<{ rules: AlertRule[] }>().rules;
const deliveries = async () => (await api('GET', '/deliveries')).json<{ deliveries: AlertDelivery[] }>().deliveries;
const logBatch = (id: string, release: string, message = 'TypeError: total is undefined') =>
  postJson(t.app, '/log/client/messages', {
    product: 'demo',
    reqNo: 1,
    messages: [clientLogMessage({ id, groupId: 'checkout', message, context: { url: 'https://demo.test/', r9Version: release } })],
  });

describe('console API: alert rules', () => {
  it('needs the console token', async () => {
    for (const [method, url] of [['GET', '/rules'], ['POST', '/rules'], ['GET', '/deliveries'], ['DELETE', '/rules/1']] as const) {
      expect((await api(method, url, method === 'POST' ? newRule() : undefined, {})).json()).toMatchObject({ statusCode: 401, code: 'TARMAC_CONSOLE_UNAUTHORIZED' });
    }
  });

  it('creates, lists, replaces and deletes rules, never answering the secret', async () => {
    const created = await api('POST', '/rules', newRule({ product: 'demo' }));
    expect(created.statusCode).toBe(201);
    expect(created.body).not.toContain(SECRET);
    const { id } = created.json<AlertRule>();
    expect(await rules()).toEqual([created.json()]);
    const replaced = await api('PUT', `/rules/${id}`, { name: 'Busy', kind: 'group-rate', threshold: 100, webhookUrl: receiver.url, enabled: false });
    expect(replaced.json()).toMatchObject({ id, name: 'Busy', kind: 'group-rate', threshold: 100, enabled: false });
    expect(replaced.json()).not.toHaveProperty('product');
    expect((await api('DELETE', `/rules/${id}`)).statusCode).toBe(204);
    expect(await rules()).toEqual([]);
    for (const [method, body] of [['PUT', newRule()], ['DELETE', undefined], ['POST', undefined]] as const) {
      const url = method === 'POST' ? `/rules/${id}/test` : `/rules/${id}`;
      expect((await api(method, url, body)).json()).toMatchObject({ statusCode: 404, code: 'TARMAC_NOT_FOUND' });
    }
  });

  it.each([
    ['no secret', { secret: undefined }, 'secret'],
    ['a short secret', { secret: 'short' }, 'secret'],
    ['another scheme', { webhookUrl: 'ftp://hooks.test/x' }, 'webhookUrl'],
    ['a URL without a host', { webhookUrl: 'https://:8080/hook' }, 'webhookUrl'],
    ['a fragment', { webhookUrl: 'https://hooks.test/x#frag' }, 'webhookUrl'],
    ['an unknown kind', { kind: 'everything' }, 'kind'],
    ['a rate rule without threshold', { kind: 'group-rate' }, 'threshold'],
    ['a fractional occurrence count', { kind: 'group-rate', threshold: 2.5 }, 'threshold'],
    ['a vitals rule without metric', { kind: 'vitals-p75', threshold: 2500 }, 'metric'],
    ['a condition of another kind', { metric: 'LCP' }, 'metric'],
    ['a level out of range', { minLevel: 5 }, 'minLevel'],
  ])('refuses a rule with %s and stores nothing', async (_label, change, field) => {
    const response = await api('POST', '/rules', newRule(change));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'TARMAC_BAD_BODY', reason: expect.stringContaining(field) });
    expect(await rules()).toEqual([]);
  });

  it('refuses a bad rule id or history query', async () => {
    expect((await api('DELETE', '/rules/abc')).statusCode).toBe(400);
    expect((await api('GET', '/deliveries?limit=0')).statusCode).toBe(400);
  });

  it('sends a test alert through the real path and lists it in the history', async () => {
    const { id } = (await api('POST', '/rules', newRule())).json<AlertRule>();
    expect((await api('POST', `/rules/${id}/test`)).statusCode).toBe(202);
    const [request] = await receiver.waitFor(1);
    expect(request!.body).toMatchObject({ kind: 'test', rule: { id, name: 'New errors' } });
    expect(request!.headers['x-tarmac-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    // The receiver answered; the engine records that right after.
    let delivery: AlertDelivery | undefined;
    while (delivery?.status !== 'delivered') {
      await new Promise((resolve) => setTimeout(resolve, 10)); // let the engine's I/O run
      [delivery] = await deliveries();
    }
    expect(delivery).toMatchObject({ ruleId: id, kind: 'test', subject: 'test', status: 'delivered', attempts: [{ status: 200 }] });
  });
});

describe('alerts from ingest', () => {
  it('alerts about a new group soon after its batch is stored', async () => {
    await api('POST', '/rules', newRule());
    expect((await logBatch('m1', '1.0.0')).statusCode).toBe(200);
    const [request] = await receiver.waitFor(1);
    expect(request!.body).toMatchObject({ kind: 'new-group', group: { groupId: 'demo:checkout', release: '1.0.0' } });
  });

  it('resolve → the same error in a newer release → regressed, and an alert reaches the receiver', async () => {
    const { id } = (await api('POST', '/rules', newRule({ name: 'Regressions', kind: 'regression' }))).json<AlertRule>();
    await logBatch('m1', '1.0.0');
    const resolved = await t.app.inject({ method: 'PUT', url: '/console/api/logs/groups/demo:checkout/status', headers: consoleAuth, payload: { status: 'resolved' } });
    expect(resolved.json()).toMatchObject({ status: 'resolved' });
    await logBatch('m2', '1.1.0');
    const [request] = await receiver.waitFor(1);
    expect(request!.body).toMatchObject({
      kind: 'regression',
      rule: { id, name: 'Regressions' },
      summary: 'Regressed in 1.1.0 (demo): TypeError: total is undefined',
      group: { groupId: 'demo:checkout', release: '1.1.0' },
    });
    const detail = await t.app.inject({ method: 'GET', url: '/console/api/logs/groups/demo:checkout', headers: consoleAuth });
    expect(detail.json()).toMatchObject({ state: { status: 'regressed', regressedInRelease: '1.1.0' } });
  });
});
