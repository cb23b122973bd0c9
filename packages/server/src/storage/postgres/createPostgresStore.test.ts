import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../ports.js';
import { createPostgresStore } from './createPostgresStore.js';
import { migrations } from './migrations/index.js';
import { createTestDatabase, type TestDatabase } from './testing/testDatabase.js';

describe('createPostgresStore', () => {
  let database: TestDatabase;
  let stores: Store[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    // Four instances starting at once on a fresh database, as a deployment rolls out.
    stores = await Promise.all([1, 2, 3, 4].map(() => createPostgresStore({ url: database.url, poolSize: 3 })));
  });
  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
    await database?.drop();
  }, 60_000);

  it('applies every migration exactly once when instances start together', async () => {
    const client = new pg.Client(database.url);
    await client.connect();
    try {
      const { rows } = await client.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
      expect(rows.map((row) => row.version)).toEqual(migrations.map((m) => m.version).sort((a, b) => a - b));
    } finally {
      await client.end();
    }
  });

  it('says it is postgres and answers a ping', async () => {
    expect(stores[0]!.engine).toBe('postgres');
    await expect(stores[0]!.ping()).resolves.toBeUndefined();
  });

  it('settings: every instance ends up with the one value of racing getOrCreate calls', async () => {
    const values = await Promise.all(stores.map((store, i) => store.settings.getOrCreate('secret', `candidate-${i}`)));
    expect(new Set(values).size).toBe(1);
    expect(values[0]).toMatch(/^candidate-[0-3]$/);
    expect(await stores[3]!.settings.get('secret')).toBe(values[0]);
    await stores[1]!.settings.set('secret', 'rotated');
    expect(await stores[2]!.settings.getOrCreate('secret', 'other')).toBe('rotated');
    expect(await stores[0]!.settings.get('never-set')).toBeNull();
  });

  it('counters: concurrent increments on all instances add up within a window, and a new window starts at 1', async () => {
    const windowMs = 60_000;
    const now = 1_700_000_010_000;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => stores[i % 4]!.counters.increment('ip:1', windowMs, now + i)),
    );
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const resetAt = (Math.floor(now / windowMs) + 1) * windowMs;
    expect(new Set(results.map((r) => r.resetAt))).toEqual(new Set([resetAt]));
    expect(await stores[0]!.counters.increment('ip:1', windowMs, resetAt)).toEqual({ count: 1, resetAt: resetAt + windowMs });
    expect(await stores[0]!.counters.increment('ip:2', windowMs, now)).toEqual({ count: 1, resetAt });
  });

  it('a closed store no longer answers', async () => {
    const store = await createPostgresStore({ url: database.url });
    await store.close();
    await expect(store.ping()).rejects.toThrow();
  });
});
