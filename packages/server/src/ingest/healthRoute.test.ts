import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { healthRoute } from './healthRoute.js';
import type { HealthRouteOptions } from './healthRoute.js';

const up = async () => {};
const down = async () => {
  throw new Error('connection refused');
};
const hangs = () => new Promise<void>(() => {});

async function check(options: HealthRouteOptions) {
  const app = Fastify();
  await app.register(healthRoute, options);
  const response = await app.inject({ url: '/healthz' });
  await app.close();
  return response;
}

describe('GET /healthz', () => {
  it('says which store and ingest path are in use when both answer', async () => {
    const response = await check({ store: { engine: 'postgres', ping: up }, ingest: { kind: 'jetstream', ping: up } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, store: 'postgres', ingest: 'jetstream' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 when the store cannot be reached', async () => {
    const response = await check({ store: { engine: 'postgres', ping: down }, ingest: { kind: 'direct', ping: up } });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ ok: false, store: 'postgres', ingest: 'direct', unreachable: ['store'] });
  });

  it('answers 503 when JetStream cannot be reached, or does not answer in time', async () => {
    const failing = await check({ store: { engine: 'postgres', ping: up }, ingest: { kind: 'jetstream', ping: down } });
    expect(failing.statusCode).toBe(503);
    expect(failing.json()).toMatchObject({ ok: false, unreachable: ['ingest'] });
    const started = Date.now();
    const slow = await check({ store: { engine: 'sqlite', ping: hangs }, ingest: { kind: 'jetstream', ping: hangs }, timeoutMs: 50 });
    expect(slow.statusCode).toBe(503);
    expect(slow.json()).toMatchObject({ ok: false, unreachable: ['store', 'ingest'] });
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
