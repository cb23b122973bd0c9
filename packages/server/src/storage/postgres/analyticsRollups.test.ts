import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { describeAnalyticsRollupRows } from '../conformance/analyticsRollupRows.js';
import { createPostgresStore } from './createPostgresStore.js';
import { createTestDatabase, type TestDatabase } from './testing/testDatabase.js';

let database: TestDatabase;
let admin: pg.Pool;
beforeAll(async () => {
  database = await createTestDatabase();
  admin = new pg.Pool({ connectionString: database.url, max: 1 });
});
afterAll(async () => {
  await admin?.end();
  await database?.drop();
}, 60_000);

describeAnalyticsRollupRows(async (rollups) => {
  const store = await createPostgresStore({ url: database.url, poolSize: 2, rollups });
  await admin.query(`DELETE FROM analytics_hits; DELETE FROM ingest_keys; DELETE FROM analytics_rollup_keys;
    DELETE FROM analytics_rollup_minute; DELETE FROM analytics_rollup_hour; DELETE FROM analytics_rollup_day`);
  return {
    store,
    async rows(level) {
      const { rows } = await admin.query<{ start: string; n: string }>(`SELECT start, n FROM analytics_rollup_${level} ORDER BY start`);
      return rows.map((row) => ({ start: Number(row.start), n: Number(row.n) }));
    },
  };
});
