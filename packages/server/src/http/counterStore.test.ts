import { afterEach, describe, expect, it } from 'vitest';
import type { CounterPort } from './ports.js';
import { clientLogMessage } from '../testing/fixtures.js';
import { memoryCounters } from '../testing/sharedStateFakes.js';
import { createTestApp } from '../testing/testApp.js';
import type { TestApp } from '../testing/testApp.js';
import { counterStore } from './counterStore.js';

type Result = { current: number; ttl: number } | undefined;
const incr = (store: object, key: string, windowMs?: number) =>
  new Promise<{ error: Error | null; result: Result }>((resolve) => {
    (store as { incr(k: string, done: (e: Error | null, r?: Result) => void, w?: number): void }).incr(key, (error, result) => resolve({ error, result }), windowMs);
  });
const instantiate = (ctor: unknown) => new (ctor as new (options: object) => object)({});

describe('counterStore', () => {
  it('counts in the fixed window that holds now, with the time left in it as the ttl', async () => {
    let clock = 120_000 + 15_000;
    const store = instantiate(counterStore(memoryCounters(), { onFailure: () => {}, now: () => clock }));
    expect(await incr(store, 'k', 60_000)).toEqual({ error: null, result: { current: 1, ttl: 45_000 } });
    clock += 40_000;
    expect(await incr(store, 'k', 60_000)).toEqual({ error: null, result: { current: 2, ttl: 5_000 } });
    clock += 5_000; // the next window
    expect(await incr(store, 'k', 60_000)).toEqual({ error: null, result: { current: 1, ttl: 60_000 } });
    expect((await incr(store, 'other')).result).toEqual({ current: 1, ttl: 60_000 }); // a minute when not told
  });

  it('fails the count and reports the failure once per outage, and the recovery', async () => {
    let down = true;
    const events: string[] = [];
    const counters: CounterPort = {
      async increment() {
        if (down) throw new Error('connection refused');
        return { count: 1, resetAt: 60_000 };
      },
    };
    const store = instantiate(counterStore(counters, { onFailure: (error) => events.push(`failure: ${(error as Error).message}`), onRecovery: () => events.push('recovered'), now: () => 0 }));
    for (let i = 0; i < 3; i++) expect((await incr(store, 'k')).error?.message).toBe('connection refused');
    down = false;
    expect((await incr(store, 'k')).result).toEqual({ current: 1, ttl: 60_000 });
    down = true;
    await incr(store, 'k');
    expect(events).toEqual(['failure: connection refused', 'recovered', 'failure: connection refused']);
  });
});

describe('rate limits on shared counters', () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });
  const logBatch = (id: string) => JSON.stringify({ product: 'p', reqNo: 1, messages: [clientLogMessage({ id, groupId: id, message: `m ${id}` })] });
  const postLog = (app: TestApp, id: string) =>
    app.app.inject({ method: 'POST', url: '/log/client/messages', headers: { 'content-type': 'application/json' }, payload: logBatch(id) });

  it('counts a client once across instances: over the limit on A is over it on B', async () => {
    const counters = memoryCounters();
    const settings = { ingestPerMinute: 3, authFailuresPerMinute: 2, counters };
    const a = await createTestApp({ rateLimits: settings });
    apps.push(a);
    const b = await createTestApp({ rateLimits: settings });
    apps.push(b);
    expect((await postLog(a, 'one')).statusCode).toBe(200);
    expect((await postLog(b, 'two')).statusCode).toBe(200);
    expect((await postLog(a, 'three')).statusCode).toBe(200);
    const refused = await postLog(b, 'four');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'TARMAC_RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Wrong console tokens: two on A, the third on B is refused 429.
    const wrong = (app: TestApp) => app.app.inject({ url: '/console/api/session', headers: { authorization: 'Bearer wrong' } });
    expect((await wrong(a)).statusCode).toBe(401);
    expect((await wrong(a)).statusCode).toBe(401);
    expect((await wrong(b)).statusCode).toBe(429);
    expect(counters.keys().sort()).toEqual(['console-auth 127.0.0.1', 'ingest /log/client/messages 127.0.0.1']);
  });

  it('lets requests through uncounted while the counters fail, and logs it once', async () => {
    const counters: CounterPort = {
      increment: () => Promise.reject(new Error('counters down')),
    };
    const lines: string[] = [];
    const a = await createTestApp({ rateLimits: { ingestPerMinute: 1, authFailuresPerMinute: 1, counters } });
    apps.push(a);
    a.app.log.error = ((...args: unknown[]) => void lines.push(String(args[1]))) as typeof a.app.log.error;
    for (let i = 0; i < 4; i++) expect((await postLog(a, `m${i}`)).statusCode).toBe(200);
    expect(lines).toEqual(['rate-limit counters unreachable; requests pass uncounted until they answer']);
  });
});
