import type pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { describeStoreConformance } from '../conformance/describeStoreConformance.js';
import { createPostgresStore } from './createPostgresStore.js';
import { createTestDatabase, createTestPool, type TestDatabase } from './testing/testDatabase.js';

// One database for the file; every store the suites open starts from empty tables (the schema and
// its partitions stay), so no test sees another's rows.
let database: TestDatabase;
let admin: pg.Pool;

beforeAll(async () => {
  database = await createTestDatabase();
  admin = createTestPool(database.url, 1);
});
afterAll(async () => {
  await admin?.end();
  await database?.drop();
}, 60_000);

async function emptyTables(): Promise<void> {
  const { rows } = await admin.query<{ name: string }>(
    `SELECT quote_ident(c.relname) AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND NOT c.relispartition
        AND c.relname <> 'schema_migrations'`,
  );
  // DELETE rather than TRUNCATE: on tables this small it skips making new files for every table,
  // partition and index, which made each test's store take about a second to open.
  await admin.query(rows.map((row) => `DELETE FROM ${row.name};`).join('\n'));
}

describeStoreConformance('postgres', async () => {
  const store = await createPostgresStore({ url: database.url, poolSize: 4 });
  await emptyTables();
  return store;
});
