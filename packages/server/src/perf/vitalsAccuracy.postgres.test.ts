import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresStore } from '../storage/postgres/createPostgresStore.js';
import { createTestDatabase } from '../storage/postgres/testing/testDatabase.js';
import type { TestDatabase } from '../storage/postgres/testing/testDatabase.js';
import { createTestApp } from '../testing/testApp.js';
import type { TestApp } from '../testing/testApp.js';
import { checkAgainstConsole, writeGenerated } from './testing/vitalsAccuracy.js';

// The same comparison as vitalsAccuracy.test.ts on the PostgreSQL store, on fewer reports.
describe('vitals percentiles from rollups, on 20,000 reports (PostgreSQL)', () => {
  let database: TestDatabase;
  let t: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase();
    t = await createTestApp({ storage: await createPostgresStore({ url: database.url, poolSize: 4 }) });
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  }, 60_000);

  it('answers every p75, p90 and p99 of summary, pages and timeline within 1 % of the exact value', async () => {
    const data = await writeGenerated(t.storage, 20_000, 2_000);
    const { checks, counted, inWindow } = await checkAgainstConsole(t.app, data);
    expect(counted).toBe(inWindow);
    expect(inWindow).toBeGreaterThan(19_000);
    expect(checks.length).toBe((1 + 6 + 5) * 18);
    expect(checks.filter((c) => !c.ok)).toEqual([]);
  }, 120_000);
});
