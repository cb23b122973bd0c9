import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, inTransaction } from './db.js';
import { createTestDatabase, type TestDatabase } from './testing/testDatabase.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

// Found by the topology test: every instance died with "Connection terminated unexpectedly" when
// PostgreSQL restarted under a transaction, the checked-out client's 'error' having no listener.
describe('inTransaction when the connection breaks mid-transaction', () => {
  it('rejects the transaction and keeps the process alive; the pool goes on with a new connection', async () => {
    const pool = createPool(database.url, 2);
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      const broken = inTransaction(pool, async (client) => {
        const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        // As a restart does: the server ends this connection while the transaction is open.
        await admin.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
        await new Promise((resolve) => setTimeout(resolve, 200));
        await client.query('SELECT 1');
      });
      await expect(broken).rejects.toThrow();
      expect(uncaught).toEqual([]);
      expect(await inTransaction(pool, async (client) => (await client.query<{ one: number }>('SELECT 1 AS one')).rows[0]!.one)).toBe(1);
    } finally {
      process.off('uncaughtException', onUncaught);
      await admin.end();
      await pool.end();
    }
  });
});
