import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll } from 'vitest';
import { describeAnalyticsRollupRows } from '../conformance/analyticsRollupRows.js';
import type { StoredAnalyticsHit } from '../../analytics/contract.js';
import { createSqliteStore } from './createSqliteStore.js';
import { applyMigrations } from './migrate.js';
import { sqliteMigrations } from './migrations/index.js';

const dir = mkdtempSync(join(tmpdir(), 'tarmac-rollups-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

/** A file at the schema before the rollups (migration 17) holding `hits` as that version stored them. */
function olderFile(hits: readonly StoredAnalyticsHit[]): string {
  const file = join(dir, `store-${++files}.db`);
  const db = new Database(file);
  applyMigrations(db, sqliteMigrations.filter((m) => m.version < 17));
  const insert = db.prepare(`INSERT INTO analytics_hits (client_id, received_at, timestamp, type, path, non_interaction, category, vertical, locale, affiliate)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  for (const h of hits) {
    insert.run(h.id, h.receivedAt, h.timestamp, h.type, h.path, h.nonInteraction ? 1 : 0, h.category ?? null, h.vertical ?? null, h.locale ?? null, h.affiliate ?? null);
  }
  db.close();
  return file;
}

const openUpgraded = async (hits: readonly StoredAnalyticsHit[]) => createSqliteStore({ file: olderFile(hits) });

describeAnalyticsRollupRows(async (rollups) => {
  const file = join(dir, `store-${++files}.db`);
  const store = createSqliteStore({ file, rollups });
  return {
    store,
    async rows(level) {
      // The rollups are written about once a second; a rollup read writes what is pending first
      // (this window is empty, so it reads nothing itself).
      await store.query.analytics.countAnalytics({ from: 0, to: 0 }, 'vertical', 1);
      const db = new Database(file, { readonly: true });
      try {
        return db.prepare(`SELECT start, n FROM analytics_rollup_${level} ORDER BY start`).all() as { start: number; n: number }[];
      } finally {
        db.close();
      }
    },
  };
}, openUpgraded);
