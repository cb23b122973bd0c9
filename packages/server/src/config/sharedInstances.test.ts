import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPostgresStore } from '../storage/postgres/createPostgresStore.js';
import { createTestDatabase } from '../storage/postgres/testing/testDatabase.js';
import { createSqliteStore } from '../storage/sqlite/createSqliteStore.js';
import { describeSharedInstances } from '../testing/sharedInstances.js';

// The proof of "no per-process state": two instances on one store, on each engine.

describeSharedInstances('SQLite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tarmac-instances-'));
  const store = createSqliteStore({ file: join(dir, 'tarmac.db') });
  return {
    store,
    async close() {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

describeSharedInstances('PostgreSQL', async () => {
  const database = await createTestDatabase();
  const store = await createPostgresStore({ url: database.url });
  return {
    store,
    async close() {
      await store.close();
      await database.drop();
    },
  };
});
