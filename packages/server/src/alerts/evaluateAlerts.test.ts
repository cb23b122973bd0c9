import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { perfReport } from '../perf/testing/reportFixture.js';
import { createSqliteStore } from '../storage/sqlite/createSqliteStore.js';
import type { Store } from '../storage/ports.js';
import { newClientLog } from '../testing/fixtures.js';
import type { AlertPayload, AlertRuleInput } from './contract.js';
import { evaluateAlerts } from './evaluateAlerts.js';

let storage: Store;
beforeEach(() => {
  storage = createSqliteStore({ file: ':memory:' });
});
afterEach(async () => {
  await storage.close();
});

const MINUTE = 60_000;
const T0 = 1_700_000_080_000; // 40 s into a minute
const rule = (overrides: Partial<AlertRuleInput>, at = T0) =>
  storage.query.alerts.createAlertRule({ name: 'rule', kind: 'new-group', webhookUrl: 'https://hooks.test/x', secret: 'secret-0123456789abc', ...overrides }, at);
let messageNo = 0;
const occur = (groupId: string, receivedAt: number, overrides: Parameters<typeof newClientLog>[0] = {}) =>
  storage.ingest.logs.insertClientLogs({ records: [newClientLog({ messageId: `m${++messageNo}`, groupId, receivedAt, ...overrides })], ignored: 0 });
const evaluate = (now: number, vitals = false) => evaluateAlerts(storage.query, now, { vitals });
const payloads = async () => {
  const due = await storage.query.alerts.claimDueAlertDeliveries(Number.MAX_SAFE_INTEGER, 100, 0, 'reader');
  return due.map((d) => JSON.parse(d.payload) as Omit<AlertPayload, 'id'>);
};

describe('evaluateAlerts', () => {
  it('alerts once about a new group the rule watches, never about groups from before the rule', async () => {
    await occur('demo:old', T0 - 1);
    const { id } = await rule({ product: 'flights' });
    await occur('demo:new', T0 + 10, { context: { r9Version: '2.0.0' } });
    await occur('demo:warning', T0 + 20, { level: 3 });
    await occur('hotels:new', T0 + 30, { product: 'hotels' });
    expect(await evaluate(T0 + 100)).toBe(1);
    expect(await evaluate(T0 + 200)).toBe(0);
    const [payload] = await payloads();
    expect(payload).toMatchObject({
      kind: 'new-group',
      rule: { id, name: 'rule' },
      summary: 'New error in flights in 2.0.0: TypeError: x is undefined',
      firedAt: T0 + 100,
      group: { groupId: 'demo:new', product: 'flights', level: 4, count: 1, release: '2.0.0' },
    });
  });

  it('alerts about a resolved group that comes back in a newer release', async () => {
    await rule({ kind: 'regression' });
    await occur('demo:g', T0 + 1, { context: { r9Version: '1.0.0' } });
    await storage.query.issues.setGroupStatus('demo:g', { status: 'resolved' }, T0 + 2);
    await occur('demo:g', T0 + 3, { context: { r9Version: '1.0.0' } }); // an old page: not a regression
    expect(await evaluate(T0 + 4)).toBe(0);
    await occur('demo:g', T0 + 5, { context: { r9Version: '1.1.0' } });
    expect(await evaluate(T0 + 6)).toBe(1);
    expect((await payloads())[0]).toMatchObject({ kind: 'regression', summary: 'Regressed in 1.1.0 (flights): TypeError: x is undefined', group: { release: '1.1.0' } });
  });

  it('alerts about a group over N occurrences in a minute, then keeps quiet for the cool-down', async () => {
    await rule({ kind: 'group-rate', threshold: 50, cooldownMinutes: 10 });
    await occur('demo:busy', T0, { occurrences: 30 });
    expect(await evaluate(T0 + 1)).toBe(0);
    await occur('demo:busy', T0 + 2, { occurrences: 21 });
    await occur('demo:calm', T0 + 2, { occurrences: 50 });
    expect(await evaluate(T0 + 3)).toBe(1);
    expect((await payloads())[0]).toMatchObject({ kind: 'group-rate', group: { groupId: 'demo:busy', perMinute: 51 } });
    await occur('demo:busy', T0 + 5 * MINUTE, { occurrences: 80 });
    expect(await evaluate(T0 + 5 * MINUTE + 1)).toBe(0);
    await occur('demo:busy', T0 + 11 * MINUTE, { occurrences: 80 });
    expect(await evaluate(T0 + 11 * MINUTE + 1)).toBe(1);
  });

  it('sees a minute that crossed the line just before it ended', async () => {
    await rule({ kind: 'group-rate', threshold: 5 });
    await occur('demo:late', T0 + 19_000, { occurrences: 6 }); // 59 s into the minute
    expect(await evaluate(T0 + 25_000)).toBe(1); // 5 s into the next one
  });

  it('alerts about a page whose vitals p75 is over the threshold with enough samples, when asked to read vitals', async () => {
    await rule({ kind: 'vitals-p75', metric: 'LCP', threshold: 2500, minSamples: 4, windowMinutes: 30, cooldownMinutes: 60 });
    const report = (lcp: number, receivedAt: number, pageId = 'home') => storage.ingest.perf.insertPerfReport(perfReport({ wv_lcp: lcp }, { receivedAt, pageId }));
    for (const lcp of [1000, 2600, 3000, 4000]) await report(lcp, T0);
    for (const lcp of [5000, 5000, 5000]) await report(lcp, T0, 'search'); // too few samples
    for (const lcp of [9000, 9000, 9000, 9000]) await report(lcp, T0 - 31 * MINUTE, 'search'); // outside the window
    expect(await evaluate(T0 + 1)).toBe(0);
    expect(await evaluate(T0 + 1, true)).toBe(1);
    expect((await payloads())[0]).toMatchObject({
      kind: 'vitals-p75',
      summary: 'LCP p75 3,000 ms over 2,500 ms on flights/home/main (4 page views, last 30 min)',
      page: { vertical: 'flights', pageId: 'home', subPageId: 'main', metric: 'LCP', p75: 3000, threshold: 2500, samples: 4 },
    });
    expect(await evaluate(T0 + 2, true)).toBe(0);
  });

  it('names the page\'s top offender in a vitals alert: the target with the largest count × p75', async () => {
    await rule({ kind: 'vitals-p75', metric: 'LCP', threshold: 2500, minSamples: 4, windowMinutes: 30, cooldownMinutes: 60 });
    const report = (lcp: number, target: string) =>
      storage.ingest.perf.insertPerfReport(perfReport({ wv_lcp: lcp }, { receivedAt: T0, attribution: { wa_lcp_target: target } }));
    for (const lcp of [4000, 4200, 4400]) await report(lcp, 'img.hero'); // fewer, but slow
    for (const lcp of [9000]) await report(lcp, 'p.rare'); // slowest, once
    for (const lcp of [1200, 1300, 1400, 1500]) await report(lcp, 'h1.title'); // many, fast
    expect(await evaluate(T0 + 1, true)).toBe(1);
    expect((await payloads())[0]).toMatchObject({
      summary: expect.stringContaining('; top offender element img.hero (p75 4,400 ms in 3 views)'),
      page: { metric: 'LCP', topOffender: { kind: 'element', target: 'img.hero', count: 3, p75: 4400 } },
    });
  });

  it('leaves disabled rules alone, and writes nothing while no rule wants group events', async () => {
    await rule({ enabled: false });
    await occur('demo:new', T0 + 10);
    expect(await evaluate(T0 + 100)).toBe(0);
    expect(await storage.query.alerts.getAlertCursor('group-events')).toBe(0);
    await rule({});
    await evaluate(T0 + 200);
    expect(await storage.query.alerts.getAlertCursor('group-events')).toBeGreaterThan(0);
  });
});
