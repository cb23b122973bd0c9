import type pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { describeAnalyticsRollupRows } from '../conformance/analyticsRollupRows.js';
import type { StoredAnalyticsHit } from '../../analytics/contract.js';
import { createPostgresStore } from './createPostgresStore.js';
import { createPool } from './db.js';
import { migrate } from './migrations/migrate.js';
import { migrations } from './migrations/index.js';
import { createTestDatabase, createTestPool, type TestDatabase } from './testing/testDatabase.js';

let database: TestDatabase;
let admin: pg.Pool;
beforeAll(async () => {
  database = await createTestDatabase();
  admin = createTestPool(database.url, 1);
});
const older: TestDatabase[] = [];
afterAll(async () => {
  await admin?.end();
  await database?.drop();
  await Promise.all(older.map((db) => db.drop()));
}, 60_000);

/** A store on a database migrated to the version before the rollups (12) that held `hits` then. */
async function openUpgraded(hits: readonly StoredAnalyticsHit[]) {
  const db = await createTestDatabase();
  older.push(db);
  const pool = createPool(db.url, 1);
  try {
    await migrate(pool, migrations.filter((m) => m.version < 12));
    for (const h of hits) {
      await pool.query(
        `INSERT INTO analytics_hits (client_id, received_at, timestamp, type, path, non_interaction, category, vertical, locale, affiliate)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [h.id, h.receivedAt, h.timestamp, h.type, h.path, Boolean(h.nonInteraction), h.category ?? null, h.vertical ?? null, h.locale ?? null, h.affiliate ?? null],
      );
      await pool.query(`INSERT INTO ingest_keys (kind, id, seen_at) VALUES ('analytics', $1, $2)`, [h.id, h.receivedAt]);
    }
  } finally {
    await pool.end();
  }
  return createPostgresStore({ url: db.url, poolSize: 2 });
}

describeAnalyticsRollupRows(async (rollups) => {
  const store = await createPostgresStore({ url: database.url, poolSize: 2, rollups });
  await admin.query(`DELETE FROM analytics_hits; DELETE FROM ingest_keys; DELETE FROM analytics_rollup_keys;
    DELETE FROM analytics_rollup_minute; DELETE FROM analytics_rollup_hour; DELETE FROM analytics_rollup_day;
    DELETE FROM analytics_rollup_pending`);
  return {
    store,
    async rows(level) {
      // Direct ingest leaves its counts pending; the store's own flush adds them within half a second.
      for (let waited = 0; Number((await admin.query('SELECT count(*) AS n FROM analytics_rollup_pending')).rows[0].n) > 0; waited += 20) {
        if (waited > 5_000) throw new Error('the pending analytics counts were not flushed within 5 s');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const { rows } = await admin.query<{ start: string; n: string }>(`SELECT start, n FROM analytics_rollup_${level} ORDER BY start`);
      return rows.map((row) => ({ start: Number(row.start), n: Number(row.n) }));
    },
  };
}, openUpgraded);
