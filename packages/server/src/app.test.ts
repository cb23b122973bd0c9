import { afterEach, describe, expect, it } from 'vitest';
import { createSqliteStore } from './storage/sqlite/createSqliteStore.js';
import type { Store } from './storage/ports.js';
import { clientLogMessage } from './testing/fixtures.js';
import type { TestApp } from './testing/testApp.js';
import { createTestApp } from './testing/testApp.js';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('buildApp', () => {
  it('answers health checks with the store and ingest path in use', async () => {
    t = await createTestApp();
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, store: 'sqlite', ingest: 'direct' });
  });

  it('answers health checks with 503 when the store does not answer', async () => {
    const store = createSqliteStore({ file: ':memory:' });
    t = await createTestApp({ storage: { ...store, ping: () => Promise.reject(new Error('gone')) } });
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ ok: false, store: 'sqlite', ingest: 'direct', unreachable: ['store'] });
  });

  it('answers unknown API routes with a coded 404 that does not echo the path', async () => {
    t = await createTestApp();
    const response = await t.app.inject({ method: 'POST', url: '/nothing/here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ statusCode: 404, code: 'TARMAC_NOT_FOUND', reason: 'No route for this method and path' });
  });

  it('hides internal failures behind a 500 and keeps serving', async () => {
    const real = createSqliteStore({ file: ':memory:' });
    let fail = true;
    const flaky: Store = {
      ...real,
      ingest: {
        ...real.ingest,
        logs: {
          async insertClientLogs(batch) {
            if (fail) throw new Error('disk full at /secret/path');
            return real.ingest.logs.insertClientLogs(batch);
          },
        },
      },
    };
    t = await createTestApp({ storage: flaky });
    const post = () =>
      t!.app.inject({
        method: 'POST',
        url: '/log/client/messages',
        payload: { product: 'p', reqNo: 1, messages: [clientLogMessage()] },
      });
    const failed = await post();
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toEqual({ statusCode: 500, code: 'TARMAC_INTERNAL', reason: 'Internal server error' });
    expect(failed.body).not.toContain('secret');
    fail = false;
    expect((await post()).statusCode).toBe(200);
  });

  it('refuses a short session secret', async () => {
    await expect(createTestApp({ sessionSecret: 'short' })).rejects.toThrow(/sessionSecret/);
  });
});
