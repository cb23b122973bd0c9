import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../rollups/timeGrid.js';
import type { Store } from '../ports.js';
import { createPostgresStore } from './createPostgresStore.js';
import { createTestDatabase, type TestDatabase } from './testing/testDatabase.js';
import { makeSeededDays } from './seededDays.js';
import { seedStore } from '../../seed/seedStore.js';

describe('seeding a PostgreSQL store', () => {
  let database: TestDatabase;
  let store: Store;
  let pool: pg.Pool;

  beforeAll(async () => {
    database = await createTestDatabase();
    store = await createPostgresStore({ url: database.url });
    pool = new pg.Pool({ connectionString: database.url, max: 1 });
  });
  afterAll(async () => {
    await pool?.end();
    await store?.close();
    await database?.drop();
  }, 60_000);

  it('makes the seeded days’ partitions first, so no seeded row lands in a DEFAULT partition', async () => {
    const now = Date.now();
    const days = 5;
    expect(await makeSeededDays(database.url, now - days * DAY_MS, now)).toBeGreaterThan(0);
    await seedStore(store, { perf: 1500, hits: 2000, days, now, batchSize: 400, concurrency: 2 });
    const count = async (table: string) => Number((await pool.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
    expect(await count('perf_reports')).toBe(1500);
    expect(await count('analytics_hits')).toBe(2000);
    expect(await count('perf_reports_default')).toBe(0);
    expect(await count('analytics_hits_default')).toBe(0);
    // Made once: a second call finds every partition there.
    expect(await makeSeededDays(database.url, now - days * DAY_MS, now)).toBe(0);
  }, 60_000);
});
