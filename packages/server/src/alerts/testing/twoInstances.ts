import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPostgresStore } from '../../storage/postgres/createPostgresStore.js';
import { createTestDatabase } from '../../storage/postgres/testing/testDatabase.js';
import type { Store } from '../../storage/ports.js';
import { createSqliteStore } from '../../storage/sqlite/createSqliteStore.js';

/** Two server instances' stores on one database, as behind a load balancer, and how to drop both. */
export interface TwoInstances {
  a: Store;
  b: Store;
  close(): Promise<void>;
}

/** Two connections to one fresh SQLite file (two processes would hold the same). */
export async function twoSqliteInstances(): Promise<TwoInstances> {
  const dir = await mkdtemp(join(tmpdir(), 'tarmac-alerts-'));
  const file = join(dir, 'tarmac.db');
  const a = createSqliteStore({ file });
  const b = createSqliteStore({ file });
  return {
    a,
    b,
    async close() {
      await a.close();
      await b.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Two stores, each its own pool, on one fresh PostgreSQL database (see testDatabase.ts). */
export async function twoPostgresInstances(): Promise<TwoInstances> {
  const database = await createTestDatabase();
  const opened = await Promise.allSettled([1, 2].map(() => createPostgresStore({ url: database.url, poolSize: 4 })));
  const stores = opened.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const close = async () => {
    await Promise.all(stores.map((store) => store.close()));
    await database.drop();
  };
  const failed = opened.find((result) => result.status === 'rejected');
  if (failed) {
    await close();
    throw failed.reason;
  }
  return { a: stores[0]!, b: stores[1]!, close };
}

/**
 * A meeting point for `parties` callers: each waits until all have arrived, so two instances'
 * evaluations can be made to overlap exactly where a race would be.
 */
export function barrier(parties: number): () => Promise<void> {
  let arrived = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return () => {
    if (++arrived >= parties) open();
    return opened;
  };
}
